import { CALENDAR_FEED_DAYS_AHEAD, CALENDAR_FEED_DAYS_BACK, type CalendarFeed } from '@localloop/contract';
import { Copy, Link2, Link2Off, LoaderCircle, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LoadError } from '../../../components/page-states.tsx';
import { Panel } from '../../../components/panel.tsx';
import { errorMessageOf } from '../../../components/server-errors.ts';
import { inputClass } from '../../../components/text-field.tsx';
import { toast } from '../../../lib/toast.ts';
import { useCalendarFeeds } from '../api/get-calendar-feeds.ts';
import { useMakeCalendarFeed, useTurnOffCalendarFeed } from '../api/save-calendar-feed.ts';

/** What a link covers: the whole shop (providerId null) or one provider, and its link if one is on. */
type Target = { providerId: string | null; heading: string; scope: string; feed: CalendarFeed | null };
/** Whose link, as the buttons and dialogs name it: "Ana", "the whole shop". */
const whose = (target: Target) => (target.providerId === null ? 'the whole shop' : target.heading);

type Pending = { action: 'reset' | 'off'; target: Target };

/**
 * The shop's private calendar links (iCalendar feeds): one for every booking and one per provider, each to paste into
 * Google Calendar or Apple Calendar. Resetting or turning one off stops the old address, so both ask first.
 */
export function CalendarFeedsSection() {
  const feeds = useCalendarFeeds();
  const make = useMakeCalendarFeed();
  const turnOff = useTurnOffCalendarFeed();
  const [pending, setPending] = useState<Pending | null>(null);
  const [pendingError, setPendingError] = useState<string | null>(null);

  const makeLink = (target: Target) => {
    make.mutate(target.providerId, {
      onSuccess: () => toast.success(`The calendar link for ${whose(target)} is ready. Copy it into your calendar app.`),
      onError: (error) => toast.error(errorMessageOf(error)),
    });
  };

  const confirm = async () => {
    if (!pending) return;
    setPendingError(null);
    try {
      if (pending.action === 'reset') {
        await make.mutateAsync(pending.target.providerId);
        toast.success(`New link for ${whose(pending.target)}. Subscribe again with it: the old one no longer works.`);
      } else if (pending.target.feed) {
        toast.success((await turnOff.mutateAsync(pending.target.feed.id)).message);
      }
      setPending(null);
    } catch (error) {
      setPendingError(errorMessageOf(error));
    }
  };

  const ask = (action: Pending['action'], target: Target) => {
    setPendingError(null);
    setPending({ action, target });
  };

  const targets: Target[] = feeds.data
    ? [
        { providerId: null, heading: 'Whole shop', scope: 'Every booking, with every provider', feed: feeds.data.shop },
        ...feeds.data.providers.map(({ provider, feed }) => ({ providerId: provider.id, heading: provider.name, scope: `Only ${provider.name}'s bookings`, feed })),
      ]
    : [];

  return (
    <Panel
      title="Calendar feeds"
      description={
        <>
          <p>Subscribe from Google Calendar or Apple Calendar. Anyone with the link can see these bookings.</p>
          <p className="mt-1">
            A feed holds the bookings of the last {CALENDAR_FEED_DAYS_BACK} days and the next {CALENDAR_FEED_DAYS_AHEAD}; calendar apps refresh it on their
            own schedule (Google Calendar can take some hours).
          </p>
        </>
      }
    >
      {feeds.isPending ? (
        <p role="status" className="flex items-center gap-2 text-slate-600">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> Loading your calendar links…
        </p>
      ) : feeds.isError ? (
        <LoadError error={feeds.error} what="your calendar links" onRetry={() => void feeds.refetch()} />
      ) : (
        <ul className="space-y-3">
          {targets.map((target) => (
            <FeedRow
              key={target.providerId ?? 'shop'}
              target={target}
              busy={make.isPending && make.variables === target.providerId}
              onMake={() => makeLink(target)}
              onReset={() => ask('reset', target)}
              onTurnOff={() => ask('off', target)}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={pending !== null}
        icon={pending?.action === 'off' ? Link2Off : RefreshCw}
        title={pending?.action === 'off' ? `Turn off the calendar link for ${pending ? whose(pending.target) : ''}?` : `Reset the calendar link for ${pending ? whose(pending.target) : ''}?`}
        description={
          pending?.action === 'off'
            ? 'The link stops working: calendars subscribed to it stop getting these bookings. You can make a new link any time.'
            : 'The old link stops working: calendars subscribed to it stop getting these bookings. You get a new link to subscribe with again.'
        }
        confirmLabel={pending?.action === 'off' ? 'Turn off link' : 'Reset link'}
        busy={make.isPending || turnOff.isPending}
        error={pendingError}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
    </Panel>
  );
}

type FeedRowProps = { target: Target; busy: boolean; onMake: () => void; onReset: () => void; onTurnOff: () => void };

function FeedRow({ target, busy, onMake, onReset, onTurnOff }: FeedRowProps) {
  const inputId = useId();
  const name = whose(target);
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Link copied.');
    } catch {
      toast.info('Select the link and copy it.');
    }
  };
  return (
    <li className="min-w-0 rounded-2xl border border-slate-200 p-4">
      <h3 className="font-semibold text-slate-900">{target.heading}</h3>
      <p className="mt-0.5 text-sm text-slate-600">{target.scope}</p>
      {target.feed ? (
        <>
          <label htmlFor={inputId} className="sr-only">
            Calendar link for {name}
          </label>
          <div className="mt-3 flex min-w-0 flex-col gap-2 sm:flex-row">
            {/* A long address scrolls inside the field; the field itself never widens the page. */}
            <input
              id={inputId}
              type="url"
              readOnly
              value={target.feed.url}
              onFocus={(event) => event.currentTarget.select()}
              className={`${inputClass} min-w-0 font-mono text-xs`}
            />
            <button type="button" className="btn-secondary shrink-0" aria-label={`Copy the link for ${name}`} onClick={() => void copy(target.feed?.url ?? '')}>
              <Copy aria-hidden="true" className="size-4" /> Copy
            </button>
          </div>
          <div className="mt-2 flex flex-wrap gap-2">
            <button type="button" className="btn-ghost" aria-label={`Reset link for ${name}`} onClick={onReset}>
              <RefreshCw aria-hidden="true" className="size-4" /> Reset link
            </button>
            <button type="button" className="btn-ghost text-red-700 hover:text-red-800" aria-label={`Turn off the link for ${name}`} onClick={onTurnOff}>
              <Link2Off aria-hidden="true" className="size-4" /> Turn off
            </button>
          </div>
        </>
      ) : (
        <button type="button" className="btn-secondary mt-3" disabled={busy} aria-busy={busy} aria-label={`Make a calendar link for ${name}`} onClick={onMake}>
          {busy ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : <Link2 aria-hidden="true" className="size-4" />}
          Make a calendar link
        </button>
      )}
    </li>
  );
}
