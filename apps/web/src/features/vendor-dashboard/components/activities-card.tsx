import { CalendarDays, LoaderCircle } from 'lucide-react';
import { useId } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { errorMessageOf } from '../../../components/server-errors.ts';
import { formatInstant } from '../../../lib/format-instant.ts';
import { toast } from '../../../lib/toast.ts';
import { paths, to } from '../../../paths.ts';
import { useAccountId, useAuth } from '../../../session/auth-context.tsx';
import { useActivityFigures } from '../api/get-activity-figures.ts';
import { DashboardCard } from './dashboard-card.tsx';

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * Activities are hosted by the person behind the shop, from the user view (docs/decisions/0020), and their pages are
 * the user's: in the vendor view the route guard would send the vendor straight back here. So the card's actions switch
 * an approved vendor to the user view on the way, as the header's view switch does (toast and all), and land on the page
 * asked for rather than on the user's home.
 */
function useOpenAsPerson(): ((path: string) => void) | null {
  const navigate = useNavigate();
  const { vendorIsApproved, setUserRole } = useAuth();
  if (!vendorIsApproved) return null;
  return (path) => {
    // The switch renders at once, so the guard of this vendor-only page sends the person to the user's home there and
    // then; the navigation that follows replaces that one, still under way, with the page asked for.
    flushSync(() => setUserRole('user'));
    toast.success('Switched to user view');
    void navigate(path);
  };
}

/** What the vendor hosts as a person: how many to come, the next, the requests; and the way to host. */
export function ActivitiesCard() {
  const figures = useActivityFigures(useAccountId());
  const openAsPerson = useOpenAsPerson();
  const hintId = useId();

  const actions = (withMine: boolean) =>
    openAsPerson ? (
      <>
        <div className="mt-4 flex flex-wrap gap-2">
          {withMine && (
            <button type="button" className="btn-secondary" aria-describedby={hintId} onClick={() => openAsPerson(to.myActivities())}>
              My activities
            </button>
          )}
          <button type="button" className="btn-secondary" aria-describedby={hintId} onClick={() => openAsPerson(paths.postActivities)}>
            Host an activity
          </button>
        </div>
        <p id={hintId} className="mt-2 text-xs text-slate-600">
          This opens your user view, where you host as yourself. The header or the Main Menu switches you back.
        </p>
      </>
    ) : (
      <p className="mt-3 text-sm text-slate-600">Activities are hosted from the user view, which your shop can switch to once it is approved.</p>
    );

  return (
    <DashboardCard title="Activities" icon={CalendarDays}>
      {figures.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> Loading…
        </p>
      ) : figures.isError ? (
        <p className="text-sm text-slate-600">Your activities could not be loaded. {errorMessageOf(figures.error)}</p>
      ) : figures.data.upcoming === 0 || !figures.data.next ? (
        <>
          <p className="text-sm text-slate-600">Host a tasting, a class or a walk: people near you find it, join, and meet the person behind your shop.</p>
          {actions(false)}
        </>
      ) : (
        <>
          <p className="text-3xl font-bold tracking-tight text-slate-900 tabular-nums">{figures.data.upcoming.toLocaleString('en-US')}</p>
          <p className="mt-1 text-sm text-slate-600">{figures.data.upcoming === 1 ? 'activity to come' : 'activities to come'}</p>
          {/* The title is text: its page is the user view's, reached through My activities. */}
          <p className="mt-3 text-sm text-slate-700 [overflow-wrap:anywhere]">
            Next: <span className="font-medium text-slate-900">{figures.data.next.title}</span>, {formatInstant(figures.data.next.starts_at)} ·{' '}
            {figures.data.next.participant_count.toLocaleString('en-US')} going
          </p>
          {figures.data.requests > 0 && (
            <p className="mt-1 text-sm font-semibold text-amber-800">{plural(figures.data.requests, 'join request waits', 'join requests wait')} for your answer</p>
          )}
          {actions(true)}
        </>
      )}
    </DashboardCard>
  );
}
