import type { Activity, ParticipationState } from '@localloop/contract';
import { Ban, CircleCheck, Hourglass, ListChecks, LoaderCircle, LogIn, UserMinus, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessageOf } from '../../../components/server-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { paths, to } from '../../../paths.ts';
import { useAuth } from '../../../session/auth-context.tsx';
import { useDeactivateActivity } from '../api/deactivate-activity.ts';
import { useJoinActivity } from '../api/join-activity.ts';
import { useLeaveActivity } from '../api/leave-activity.ts';
import { goingLabel, spotsLabel } from '../format.ts';
import { ChatPanel } from './chat-panel.tsx';

/** What a join led to, said once it is done. */
function joinedMessage(state: ParticipationState, title: string, position: number | null): string {
  if (state === 'joined') return `You are going to “${title}”.`;
  if (state === 'requested') return `Your request to join “${title}” is sent: the host will answer.`;
  if (state === 'waitlisted') return position ? `“${title}” is full: you are on the waitlist (position ${position}).` : `“${title}” is full: you are on the waitlist.`;
  return `Saved.`;
}

function HostTools({ activity }: { activity: Activity }) {
  const deactivate = useDeactivateActivity();
  const [confirming, setConfirming] = useState(false);
  const open = activity.state === 'upcoming' || activity.state === 'ongoing';
  const pendingCount = activity.pending.filter((p) => p.status === 'requested').length;
  return (
    <div className="space-y-3">
      <p className="text-sm font-medium text-slate-900">You host this activity.</p>
      <Link to={to.activityRequests(activity.id)} className="btn-primary w-full">
        <ListChecks aria-hidden="true" className="size-4" /> Requests and participants
        {pendingCount > 0 && <span className="badge bg-white text-teal-800">{pendingCount}</span>}
      </Link>
      {open && (
        <button type="button" className="btn-secondary w-full text-red-700" onClick={() => setConfirming(true)}>
          <Ban aria-hidden="true" className="size-4" /> Deactivate
        </button>
      )}
      <ConfirmDialog
        open={confirming}
        icon={Ban}
        title="Deactivate this activity?"
        description="It leaves the lists, nobody can join it any more and everyone who joined or asked is told. This cannot be undone."
        confirmLabel="Deactivate"
        busy={deactivate.isPending}
        error={deactivate.isError ? errorMessageOf(deactivate.error) : null}
        onCancel={() => {
          setConfirming(false);
          deactivate.reset();
        }}
        onConfirm={() =>
          deactivate.mutate(activity.id, {
            onSuccess: () => {
              setConfirming(false);
              toast.success(`“${activity.title}” is deactivated. Everyone who joined has been told.`);
            },
          })
        }
      />
    </div>
  );
}

/** The actions of an activity's page by the caller's place in it: join, request, leave, cancel, the waitlist, or the host's tools. */
export function ParticipationPanel({ activity }: { activity: Activity }) {
  const { isAuthenticated } = useAuth();
  const join = useJoinActivity();
  const leave = useLeaveActivity();
  const busy = join.isPending || leave.isPending;
  const open = activity.state === 'upcoming' || activity.state === 'ongoing';

  const onJoin = () =>
    join.mutate(activity.id, {
      onSuccess: (result) => toast.success(joinedMessage(result.my_state, activity.title, result.participation?.waitlist_position ?? null)),
      onError: (error) => toast.error(errorMessageOf(error)),
    });
  const onLeave = (done: string) =>
    leave.mutate(activity.id, {
      onSuccess: () => toast.success(done),
      onError: (error) => toast.error(errorMessageOf(error)),
    });
  const spinner = <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />;

  let body;
  if (activity.is_host || activity.my_state === 'host') {
    body = <HostTools activity={activity} />;
  } else if (!open) {
    body = <p className="text-sm text-slate-700">{activity.state === 'deactivated' ? 'The host deactivated this activity: nobody can join it.' : 'This activity has ended.'}</p>;
  } else if (!isAuthenticated) {
    body = (
      <Link to={paths.login} className="btn-primary w-full py-3 text-base">
        <LogIn aria-hidden="true" className="size-4" /> Log in to join
      </Link>
    );
  } else {
    switch (activity.my_state) {
      case 'joined':
        body = (
          <>
            <p className="flex items-center gap-2 text-sm font-medium text-teal-800">
              <CircleCheck aria-hidden="true" className="size-4" /> You are going.
            </p>
            <button type="button" className="btn-secondary w-full" disabled={busy} aria-busy={leave.isPending} onClick={() => onLeave(`You left “${activity.title}”.`)}>
              {leave.isPending ? spinner : <UserMinus aria-hidden="true" className="size-4" />} Leave
            </button>
          </>
        );
        break;
      case 'requested':
        body = (
          <>
            <p className="flex items-center gap-2 text-sm font-medium text-slate-800">
              <Hourglass aria-hidden="true" className="size-4" /> Your request is waiting for the host.
            </p>
            <button type="button" className="btn-secondary w-full" disabled={busy} aria-busy={leave.isPending} onClick={() => onLeave('Your request is withdrawn.')}>
              {leave.isPending && spinner} Cancel request
            </button>
          </>
        );
        break;
      case 'waitlisted':
        body = (
          <>
            <p className="flex items-center gap-2 text-sm font-medium text-slate-800">
              <Hourglass aria-hidden="true" className="size-4" />
              {activity.my_waitlist_position ? `You are on the waitlist (position ${activity.my_waitlist_position})` : 'You are on the waitlist'}
            </p>
            <p className="text-xs text-slate-600">When a spot frees, the first in line joins automatically.</p>
            <button type="button" className="btn-secondary w-full" disabled={busy} aria-busy={leave.isPending} onClick={() => onLeave('You left the waitlist.')}>
              {leave.isPending && spinner} Leave the waitlist
            </button>
          </>
        );
        break;
      case 'rejected':
        body = <p className="text-sm text-slate-700">The host declined your request to join.</p>;
        break;
      case 'removed':
        body = <p className="text-sm text-slate-700">The host removed you from this activity.</p>;
        break;
      default: {
        const full = activity.spots_left === 0;
        const label = activity.join_mode === 'approval' ? 'Request to join' : full ? 'Join the waitlist' : 'Join';
        body = (
          <>
            <button type="button" className="btn-primary w-full py-3 text-base" disabled={busy} aria-busy={join.isPending} onClick={onJoin}>
              {join.isPending ? spinner : <UserPlus aria-hidden="true" className="size-4" />} {label}
            </button>
            {activity.join_mode === 'approval' && <p className="text-xs text-slate-600">The host accepts each person who asks.</p>}
            {activity.join_mode === 'open' && full && <p className="text-xs text-slate-600">It is full: you will join automatically when a spot frees.</p>}
          </>
        );
      }
    }
  }

  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <p className="text-sm text-slate-700">
        <span className="font-semibold text-slate-900">{goingLabel(activity.participant_count)}</span> · {spotsLabel(activity.spots_left)}
        {activity.waitlist_count > 0 && ` · ${activity.waitlist_count.toLocaleString('en-US')} waiting`}
      </p>
      <div className="mt-4 space-y-3">
        {body}
        <ChatPanel activity={activity} />
      </div>
    </div>
  );
}
