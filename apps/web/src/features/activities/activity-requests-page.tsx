import { IdParams } from '@localloop/contract';
import type { Activity, ActivityPerson } from '@localloop/contract';
import { ArrowLeft, Check, Inbox, LoaderCircle, Lock, SearchX, UserMinus, X } from 'lucide-react';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { EmptyState, LoadError } from '../../components/page-states.tsx';
import type { PageProps } from '../../components/page-props.ts';
import { errorMessageOf } from '../../components/server-errors.ts';
import { toast } from '../../lib/toast.ts';
import { paths, to } from '../../paths.ts';
import { useDecideParticipation } from './api/decide-participation.ts';
import { useActivity } from './api/get-activity.ts';
import { useRemoveParticipant } from './api/remove-participant.ts';
import { PersonChip } from '../../components/person-avatar.tsx';
import { ChatRequestsSection } from './components/chat-requests-section.tsx';
import { RemoveParticipantDialog } from './components/remove-participant-dialog.tsx';
import { formatInstant } from '../../lib/format-instant.ts';
import { formatWhen, goingLabel, spotsLabel } from './format.ts';

function Shell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      <div className="mt-6">{children}</div>
    </section>
  );
}

const rowClass = 'flex min-w-0 flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between';

function Requests({ activity }: { activity: Activity }) {
  const decide = useDecideParticipation();
  const [removing, setRemoving] = useState<ActivityPerson | null>(null);
  const remove = useRemoveParticipant();
  const requests = activity.pending.filter((p) => p.status === 'requested');
  const waitlist = activity.pending.filter((p) => p.status === 'waitlisted').sort((a, b) => (a.waitlist_position ?? 0) - (b.waitlist_position ?? 0));
  const deciding = (userId: string) => decide.isPending && decide.variables.body.user_id === userId;

  const onDecide = (person: ActivityPerson, action: 'accept' | 'reject') =>
    decide.mutate(
      { activityId: activity.id, body: { user_id: person.id, action } },
      {
        onSuccess: (result) =>
          toast.success(
            action === 'reject' ? `${person.name}'s request is rejected.` : result.my_state === 'waitlisted' || result.participation?.status === 'waitlisted' ? `${person.name} is accepted and on the waitlist: the activity is full.` : `${person.name} is going.`,
          ),
        onError: (error) => toast.error(errorMessageOf(error)),
      },
    );

  return (
    <>
      <section aria-labelledby="requests-heading">
        <h2 id="requests-heading" className="text-lg font-semibold text-slate-900">
          Requests to join {requests.length > 0 && <span className="badge bg-teal-50 text-teal-800">{requests.length}</span>}
        </h2>
        {requests.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">{activity.join_mode === 'approval' ? 'No request is waiting.' : 'Anyone can join this activity at once: there are no requests to answer.'}</p>
        ) : (
          <ul aria-label="Requests to join" className="mt-3 space-y-3">
            {requests.map((p) => (
              <li key={p.id} className={rowClass}>
                <PersonChip person={p.user} note={`Asked ${formatInstant(p.created_at)}`} />
                <div className="flex shrink-0 flex-wrap gap-2">
                  <button type="button" className="btn-primary" disabled={decide.isPending} aria-busy={deciding(p.user.id)} aria-label={`Accept ${p.user.name}`} onClick={() => onDecide(p.user, 'accept')}>
                    {deciding(p.user.id) ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : <Check aria-hidden="true" className="size-4" />} Accept
                  </button>
                  <button type="button" className="btn-secondary" disabled={decide.isPending} aria-label={`Reject ${p.user.name}`} onClick={() => onDecide(p.user, 'reject')}>
                    <X aria-hidden="true" className="size-4" /> Reject
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <ChatRequestsSection activityId={activity.id} />

      <section aria-labelledby="participants-heading" className="mt-10">
        <h2 id="participants-heading" className="text-lg font-semibold text-slate-900">
          Participants
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {goingLabel(activity.participant_count)} · {spotsLabel(activity.spots_left)}
        </p>
        {activity.participants.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">Nobody has joined yet.</p>
        ) : (
          <ul aria-label="Participants" className="mt-3 space-y-3">
            {activity.participants.map((person) => (
              <li key={person.id} className={rowClass}>
                <PersonChip person={person} />
                <button type="button" className="btn-secondary shrink-0 text-red-700" aria-label={`Remove ${person.name}`} onClick={() => setRemoving(person)}>
                  <UserMinus aria-hidden="true" className="size-4" /> Remove
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="waitlist-heading" className="mt-10">
        <h2 id="waitlist-heading" className="text-lg font-semibold text-slate-900">
          Waitlist
        </h2>
        {waitlist.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">Nobody is waiting. When the activity is full, people who join wait here in order and take a spot as one frees.</p>
        ) : (
          <ol aria-label="Waitlist" className="mt-3 space-y-3">
            {waitlist.map((p) => (
              <li key={p.id} className={rowClass}>
                <PersonChip person={p.user} note={p.waitlist_position ? `Position ${p.waitlist_position}` : undefined} />
                <button type="button" className="btn-secondary shrink-0 text-red-700" aria-label={`Remove ${p.user.name}`} onClick={() => setRemoving(p.user)}>
                  <UserMinus aria-hidden="true" className="size-4" /> Remove
                </button>
              </li>
            ))}
          </ol>
        )}
      </section>

      <RemoveParticipantDialog
        person={removing}
        busy={remove.isPending}
        error={remove.isError ? errorMessageOf(remove.error) : null}
        onCancel={() => {
          setRemoving(null);
          remove.reset();
        }}
        onConfirm={(reason) => {
          if (!removing) return;
          const person = removing;
          remove.mutate(
            { activityId: activity.id, body: { user_id: person.id, reason } },
            {
              onSuccess: () => {
                setRemoving(null);
                toast.success(`${person.name} is removed and has been told.`);
              },
            },
          );
        }}
      />
    </>
  );
}

/** /ActivityRequests/{activityId}: the host answers requests, removes participants and sees the waitlist in order. */
export default function ActivityRequestsPage({ title }: PageProps) {
  const { activityId = '' } = useParams();
  const isActivityId = IdParams.safeParse({ id: activityId }).success;
  const activity = useActivity(activityId, isActivityId);

  const notFound = (
    <Shell title={title}>
      <EmptyState
        icon={SearchX}
        title="This activity does not exist"
        actions={
          <Link to={to.myActivities()} className="btn-primary">
            My Created Activities
          </Link>
        }
      >
        The link may not be complete.
      </EmptyState>
    </Shell>
  );
  if (!isActivityId) return notFound;
  if (activity.isPending) {
    return (
      <Shell title={title}>
        <p role="status" className="flex items-center gap-2 text-slate-600">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> Loading…
        </p>
      </Shell>
    );
  }
  if (activity.isError) {
    if (activity.error instanceof ApiError && activity.error.status === 404) return notFound;
    return (
      <Shell title={title}>
        <LoadError error={activity.error} what="this activity" onRetry={() => void activity.refetch()} />
      </Shell>
    );
  }
  const data = activity.data;
  return (
    <Shell title={title}>
      <div className="min-w-0">
        <Link to={to.activitiesDetails(data.id)} className="inline-flex items-center gap-1.5 text-sm font-medium text-teal-800 underline-offset-2 hover:underline">
          <ArrowLeft aria-hidden="true" className="size-4" /> Back to the activity
        </Link>
        <p className="mt-2 font-semibold text-slate-900 [overflow-wrap:anywhere]">{data.title}</p>
        <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">{formatWhen(data.starts_at, data.ends_at)}</p>
      </div>
      <div className="mt-8">
        {data.is_host ? (
          <Requests activity={data} />
        ) : (
          <EmptyState
            icon={Lock}
            title="Only the host answers requests"
            actions={
              <Link to={paths.localActivities} className="btn-primary">
                <Inbox aria-hidden="true" className="size-4" /> Browse Activities
              </Link>
            }
          >
            This page is for the person who hosts this activity.
          </EmptyState>
        )}
      </div>
    </Shell>
  );
}
