import type { Activity } from '@localloop/contract';
import { MAX_CHAT_REQUEST_MESSAGE_LENGTH } from '@localloop/contract';
import { Hourglass, MessageCircle, MessagesSquare } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ActionDialog } from '../../../components/action-dialog.tsx';
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
    <ActionDialog
      open={open}
      icon={MessageCircle}
      tone="primary"
      size="md"
      title={`Message ${activity.host.name}`}
      description={`Ask about “${activity.title}” before you join. When the host accepts, you chat one to one.`}
      actionLabel="Send"
      onAction={send}
      onCancel={close}
      busy={ask.isPending}
      error={ask.isError ? errorMessageOf(ask.error) : null}
    >
      <label htmlFor={`${id}-message`} className="mt-4 block text-sm font-medium text-slate-800">
        Your message <span className="font-normal text-slate-500">(optional)</span>
      </label>
      <textarea id={`${id}-message`} rows={4} maxLength={MAX_CHAT_REQUEST_MESSAGE_LENGTH} value={message} onChange={(event) => setMessage(event.target.value)} className={`${inputClass} mt-1.5`} />
      <p className="mt-1 text-right text-xs text-slate-600">
        {message.length} / {MAX_CHAT_REQUEST_MESSAGE_LENGTH}
      </p>
    </ActionDialog>
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
