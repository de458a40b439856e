import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import type { Activity } from '@localloop/contract';
import { MAX_CHAT_REQUEST_MESSAGE_LENGTH } from '@localloop/contract';
import { Hourglass, LoaderCircle, MessageCircle, MessagesSquare } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/form-alert.tsx';
import { errorMessageOf } from '../../../components/server-errors.ts';
import { inputClass } from '../../../components/text-field.tsx';
import { toast } from '../../../lib/toast.ts';
import { to } from '../../../paths.ts';
import { useAuth } from '../../../session/auth-context.tsx';
import { useAskHost } from '../api/chat-requests.ts';

function AskHostDialog({ activity, open, onClose }: { activity: Activity; open: boolean; onClose: () => void }) {
  const id = useId();
  const [message, setMessage] = useState('');
  const ask = useAskHost();
  const close = () => {
    if (ask.isPending) return;
    ask.reset();
    onClose();
  };
  const send = () =>
    ask.mutate(
      { activityId: activity.id, message: message.trim() },
      {
        onSuccess: () => {
          setMessage('');
          onClose();
          toast.success(`Your message is sent to ${activity.host.name}: you can chat once they accept.`);
        },
      },
    );
  return (
    <Dialog open={open} onClose={close} className="relative z-[60]">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/50" />
      <div className="fixed inset-0 overflow-y-auto">
        <div className="flex min-h-full items-center justify-center p-4">
          <DialogPanel className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl">
            <span className="flex size-11 items-center justify-center rounded-full bg-teal-50 text-teal-700">
              <MessageCircle aria-hidden="true" className="size-5" />
            </span>
            <DialogTitle className="mt-4 text-lg font-semibold text-slate-900 [overflow-wrap:anywhere]">Message {activity.host.name}</DialogTitle>
            <p className="mt-1.5 text-sm text-slate-600">Ask about “{activity.title}” before you join. When the host accepts, you chat one to one.</p>
            <label htmlFor={`${id}-message`} className="mt-4 block text-sm font-medium text-slate-800">
              Your message <span className="font-normal text-slate-500">(optional)</span>
            </label>
            <textarea id={`${id}-message`} rows={4} maxLength={MAX_CHAT_REQUEST_MESSAGE_LENGTH} value={message} onChange={(event) => setMessage(event.target.value)} className={`${inputClass} mt-1.5`} />
            <p className="mt-1 text-right text-xs text-slate-600">
              {message.length} / {MAX_CHAT_REQUEST_MESSAGE_LENGTH}
            </p>
            {ask.isError && (
              <div className="mt-3">
                <FormAlert>{errorMessageOf(ask.error)}</FormAlert>
              </div>
            )}
            <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <button type="button" data-autofocus onClick={close} disabled={ask.isPending} className="btn-secondary">
                Cancel
              </button>
              <button type="button" onClick={send} disabled={ask.isPending} aria-busy={ask.isPending} className="btn-primary">
                {ask.isPending && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
                Send
              </button>
            </div>
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}

/**
 * The activity's chat, by the caller's place: the group chat for its host and those going; for anyone else signed in,
 * a one-to-one chat with the host once asked and accepted (asking, waiting, declined).
 */
export function ChatPanel({ activity }: { activity: Activity }) {
  const [asking, setAsking] = useState(false);
  const { isAuthenticated } = useAuth();
  if (!isAuthenticated) return null;
  if (activity.chat_room_id) {
    return (
      <Link to={to.chat(activity.id, activity.chat_room_id)} className="btn-secondary w-full">
        <MessagesSquare aria-hidden="true" className="size-4" /> Chat
      </Link>
    );
  }
  if (activity.is_host) return null;
  const request = activity.my_chat_request;
  if (request?.status === 'accepted' && request.room_id) {
    return (
      <Link to={to.chat(activity.id, request.room_id)} className="btn-secondary w-full">
        <MessageCircle aria-hidden="true" className="size-4" /> Chat with {activity.host.name}
      </Link>
    );
  }
  if (request?.status === 'pending') {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-700">
        <Hourglass aria-hidden="true" className="size-4 shrink-0" /> Your message to {activity.host.name} is waiting for an answer.
      </p>
    );
  }
  if (request?.status === 'rejected') return <p className="text-sm text-slate-700">The host declined to chat.</p>;
  if (activity.state !== 'upcoming' && activity.state !== 'ongoing') return null;
  return (
    <>
      <button type="button" className="btn-secondary w-full" onClick={() => setAsking(true)}>
        <MessageCircle aria-hidden="true" className="size-4" /> Message the host
      </button>
      <AskHostDialog activity={activity} open={asking} onClose={() => setAsking(false)} />
    </>
  );
}
