import type { ActivityPerson, ChatMessage } from '@localloop/contract';
import { observeElementRect, useVirtualizer, type VirtualItem, type Virtualizer } from '@tanstack/react-virtual';
import { ArrowDown, LoaderCircle, RotateCw } from 'lucide-react';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { PersonAvatar } from '../../../components/person-avatar.tsx';
import { dayLabel, dayOf, timeOf } from '../format.ts';
import type { PendingMessage } from '../use-room-messages.ts';

/** How close to the bottom still counts as "at the bottom" (new messages keep the view there). */
const BOTTOM_SLACK_PX = 80;
/** Messages of one sender this close together form a run: the name and picture show once. */
const RUN_MS = 5 * 60_000;
/** Rows drawn beyond each edge of the view, so a flick of the wheel meets rows already laid out. */
const OVERSCAN = 8;
/** Space between rows (the list's 0.25rem). */
const ROW_GAP_PX = 4;

type Props = {
  me: ActivityPerson;
  messages: ChatMessage[];
  pending: PendingMessage[];
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onRetry: (clientId: string) => void;
  /** "Seen by …" under the caller's newest stored message. */
  seenBy: string | null;
  /** Whether the newest message is in view; the page moves the read receipt then. */
  onAtBottom: (atBottom: boolean) => void;
  now: number;
};

/**
 * One row of the list. The separator before a day's first message is keyed by the message before it, so it keeps
 * its place when older pages come in above; the first loaded day's label sits above the list instead (see the header).
 */
type Row =
  | { kind: 'day'; key: string; at: string }
  | { kind: 'message'; key: string; message: ChatMessage; startsRun: boolean; mine: boolean }
  | { kind: 'pending'; key: string; pending: PendingMessage };

/** Each message's day, worked out once: the rows are built again over the whole history at each page that comes in. */
const days = new WeakMap<ChatMessage, string>();
function dayOfMessage(m: ChatMessage): string {
  let day = days.get(m);
  if (day === undefined) days.set(m, (day = dayOf(m.created_at)));
  return day;
}

function rowsOf(messages: ChatMessage[], pending: PendingMessage[], meId: string): Row[] {
  const rows: Row[] = [];
  messages.forEach((m, i) => {
    const previous = messages[i - 1];
    const newDay = !previous || dayOfMessage(previous) !== dayOfMessage(m);
    if (previous && newDay) rows.push({ kind: 'day', key: `${previous.id}:day`, at: m.created_at });
    const startsRun = newDay || previous.sender.id !== m.sender.id || Date.parse(m.created_at) - Date.parse(previous.created_at) > RUN_MS;
    rows.push({ kind: 'message', key: m.id, message: m, startsRun, mine: m.sender.id === meId });
  });
  for (const p of pending) rows.push({ kind: 'pending', key: `pending:${p.client_id}`, pending: p });
  return rows;
}

/**
 * Before it is measured, a row is guessed at its height with a one-line bubble (a run's first message has a name line
 * above it). The closer the guess, the less the view is corrected as rows above it are measured.
 */
function estimateRow(row: Row | undefined): number {
  if (row?.kind === 'day') return 40;
  if (row?.kind === 'pending') return 64;
  return row?.startsRun ? 66 : 42;
}

/**
 * jsdom lays nothing out: the scroller measures 0 px high and the virtualizer would draw no row. Every row measures 0 px
 * there too, so any height draws them all; a browser always reports the real one.
 */
const observeViewport: typeof observeElementRect<HTMLDivElement> = (instance, cb) =>
  observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : { ...rect, height: window.innerHeight }));

/**
 * Whether a row's change of size should move the view by as much, so that what was in view stays put. The
 * virtualizer's own rule does it for a row first measured with its top above the view; here a row first measured in
 * the upper half of the view counts too, as it is new there: older messages just came in above the one that was at the
 * top (or the view jumped). A row measured again counts only when it is wholly above the view, as by default.
 */
function keepsViewOnResize(item: VirtualItem, _delta: number, instance: Virtualizer<HTMLDivElement, HTMLLIElement>): boolean {
  const top = instance.scrollOffset ?? 0;
  if (!instance.itemSizeCache.has(item.key)) return item.start < top + (instance.scrollRect?.height ?? 0) / 2;
  return item.end <= top && instance.scrollDirection !== 'backward';
}

function Bubble({ mine, children, failed }: { mine: boolean; children: string; failed?: boolean }) {
  const tone = failed ? 'bg-red-50 text-red-950 ring-1 ring-red-200' : mine ? 'bg-teal-700 text-white' : 'bg-white text-slate-900 ring-1 ring-slate-200';
  return <p className={`inline-block max-w-full whitespace-pre-wrap rounded-2xl px-3.5 py-2 text-[0.9375rem] leading-relaxed [overflow-wrap:anywhere] ${tone}`}>{children}</p>;
}

function DayLabel({ at, now }: { at: string; now: number }) {
  return <span className="rounded-full bg-white px-3 py-1 text-xs font-medium text-slate-700 ring-1 ring-slate-200">{dayLabel(at, now)}</span>;
}

/** A row's content; memoised, so scrolling draws only the rows coming into view, not those already there. */
const RowContent = memo(function RowContent({ row, seenBy, now, onRetry }: { row: Row; seenBy: string | null; now: number; onRetry: (clientId: string) => void }) {
  if (row.kind === 'day') {
    return (
      <div className="flex justify-center py-2">
        <DayLabel at={row.at} now={now} />
      </div>
    );
  }
  if (row.kind === 'pending') {
    const p = row.pending;
    return (
      <div className="flex justify-end pt-1">
        <div className="flex min-w-0 max-w-[85%] flex-col items-end sm:max-w-[75%]">
          <Bubble mine failed={p.status === 'failed'}>
            {p.text}
          </Bubble>
          {p.status === 'sending' ? (
            <p className="mt-0.5 px-1 text-xs text-slate-600">Sending…</p>
          ) : (
            <p className="mt-0.5 flex flex-wrap items-center justify-end gap-x-2 px-1 text-xs text-red-800">
              <span>{p.error ?? 'Not sent.'}</span>
              <button type="button" onClick={() => onRetry(p.client_id)} className="inline-flex items-center gap-1 font-semibold text-teal-800 underline underline-offset-2">
                <RotateCw aria-hidden="true" className="size-3" /> Retry
              </button>
            </p>
          )}
        </div>
      </div>
    );
  }
  const { message: m, startsRun, mine } = row;
  return (
    <div className={`flex gap-2 ${mine ? 'justify-end' : ''} ${startsRun ? 'pt-2' : ''}`}>
      {!mine && <span className="w-8 shrink-0">{startsRun && <PersonAvatar person={m.sender} size="sm" />}</span>}
      <div className={`flex min-w-0 max-w-[85%] flex-col sm:max-w-[75%] ${mine ? 'items-end' : 'items-start'}`}>
        {startsRun && (
          <p className="mb-0.5 flex min-w-0 max-w-full items-baseline gap-2 px-1 text-xs">
            {!mine && <span className="truncate font-semibold text-slate-900">{m.sender.name}</span>}
            <time dateTime={m.created_at} className="shrink-0 text-slate-600">
              {timeOf(m.created_at)}
            </time>
          </p>
        )}
        <Bubble mine={mine}>{m.text}</Bubble>
        {seenBy && <p className="mt-0.5 px-1 text-xs text-slate-600">{seenBy}</p>}
      </div>
    </div>
  );
});

/**
 * A room's history, oldest at the top: day separators, runs of one sender, the caller's messages on the right (with
 * those still sending or failed), "Seen by" under the caller's newest. Scrolling to the top loads older messages and
 * keeps the view where it was; new messages keep the view at the bottom when it was there, and otherwise offer a
 * button to jump down. The list is a log region: screen readers hear new messages as they come.
 *
 * Only the rows near the view are in the page (a room can hold thousands; issue 16): each is measured as drawn, and
 * the virtualizer anchors the view to the row at its top when rows come in above (`anchorTo: 'end'`).
 */
export function MessageList({ me, messages, pending, hasOlder, loadingOlder, onLoadOlder, onRetry, seenBy, onAtBottom, now }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const older = useRef<HTMLButtonElement>(null);
  const stick = useRef(true);
  const lastKey = useRef<string | null>(null);
  const [missed, setMissed] = useState(false);
  /** Where the list starts in the scroller, under the header: the rows' offsets are from the scroller's top. */
  const [listTop, setListTop] = useState(0);
  const latestOnAtBottom = useRef(onAtBottom);
  useEffect(() => {
    latestOnAtBottom.current = onAtBottom;
  });

  const rows = useMemo(() => rowsOf(messages, pending, me.id), [messages, pending, me.id]);
  const rowKey = useCallback((index: number) => rows[index]?.key ?? index, [rows]);
  // Memoised like the rows: scrolling re-renders this list at each new range of rows, and the history can be long.
  const lastMine = useMemo(() => messages.findLast((m) => m.sender.id === me.id), [messages, me.id]);
  const seenByKey = lastMine && pending.length === 0 && seenBy ? lastMine.id : null;
  const newestKey = pending.at(-1)?.client_id ?? messages.at(-1)?.id ?? null;
  const first = messages[0];

  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler here; the virtualizer re-renders this component itself
  const virtualizer: Virtualizer<HTMLDivElement, HTMLLIElement> = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: (index) => estimateRow(rows[index]),
    getItemKey: rowKey,
    observeElementRect: observeViewport,
    overscan: OVERSCAN,
    gap: ROW_GAP_PX,
    scrollMargin: listTop,
    anchorTo: 'end',
    // The rows a scroll brings into view are drawn in a task of their own, not inside the scroll event's (the library's
    // default, flushSync): at 4x CPU a wheel step was one task of 50-70 ms, now two of about half (scripts/bench-web.mjs
    // chatScroll). The rows drawn beyond each edge (OVERSCAN) cover the step meanwhile.
    useFlushSync: false,
  });
  virtualizer.shouldAdjustScrollPositionOnItemSizeChange = keepsViewOnResize;

  // The header and the empty line above the list come and go with the first message.
  const empty = messages.length === 0 && pending.length === 0;
  useLayoutEffect(() => {
    setListTop(list.current?.offsetTop ?? 0);
  }, [first, empty]);

  useLayoutEffect(() => {
    const grew = newestKey !== lastKey.current;
    lastKey.current = newestKey;
    if (!grew) return;
    const ownNewest = pending.length > 0 || messages.at(-1)?.sender.id === me.id;
    if (stick.current || ownNewest) {
      // A command, not one write: it follows the new rows as they are measured, until the end stays put.
      virtualizer.scrollToEnd();
      stick.current = true;
      setMissed(false);
    } else {
      setMissed(true);
    }
  }, [messages, pending, newestKey, me.id, virtualizer]);

  // Scrolled to the top with more above: load the next older page (the button stays for keyboards and screen readers).
  useEffect(() => {
    const el = older.current;
    const root = scroller.current;
    if (!el || !root || !hasOlder || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) onLoadOlder();
    }, { root, rootMargin: '200px 0px 0px 0px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasOlder, onLoadOlder]);

  useEffect(() => {
    latestOnAtBottom.current(stick.current);
  }, [messages.length]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    const distance = el.scrollHeight - el.scrollTop - el.clientHeight;
    const atBottom = distance < BOTTOM_SLACK_PX;
    if (atBottom !== stick.current) {
      stick.current = atBottom;
      latestOnAtBottom.current(atBottom);
    }
    if (atBottom) setMissed(false);
  };

  const jumpDown = () => {
    virtualizer.scrollToEnd();
    stick.current = true;
    setMissed(false);
    latestOnAtBottom.current(true);
  };

  return (
    <div className="relative min-h-0 flex-1">
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region takes the focus so a keyboard can scroll it (WCAG 2.1.1; axe scrollable-region-focusable) */}
      <div ref={scroller} onScroll={onScroll} role="region" aria-label="Conversation" tabIndex={0} className="relative h-full overflow-y-auto overscroll-contain bg-slate-50 px-3 py-4 [overflow-anchor:none] focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-teal-600 sm:px-5">
        {/* One height whether it holds the button or the start line, so the rows below keep their place when it swaps. */}
        {first && (
          <div className="mb-1">
            <div className="flex min-h-11 items-center justify-center">
              {hasOlder ? (
                <button ref={older} type="button" onClick={onLoadOlder} disabled={loadingOlder} aria-busy={loadingOlder} className="btn-secondary text-sm">
                  {loadingOlder ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
                  {loadingOlder ? 'Loading older messages…' : 'Load older messages'}
                </button>
              ) : (
                <p className="text-center text-xs text-slate-600">This is the start of the conversation.</p>
              )}
            </div>
            <div className="flex justify-center py-2">
              <DayLabel at={first.created_at} now={now} />
            </div>
          </div>
        )}
        {empty && <p className="py-10 text-center text-sm text-slate-600">No messages yet. Say hello!</p>}
        {/* The log announces new messages; the list inside keeps its items a list (a role on the ol would hide that). */}
        <div role="log" aria-label="Messages" aria-busy={loadingOlder}>
          {/* No transition on the list's height and the rows' places, not even the 0.01 ms that reduced motion gives every
              property (index.css): it would draw them a frame late, and measure them so. */}
          <ol ref={list} className="relative transition-none" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = rows[item.index];
              if (!row) return null;
              return (
                <li
                  key={item.key}
                  ref={virtualizer.measureElement}
                  data-index={item.index}
                  aria-setsize={rows.length}
                  aria-posinset={item.index + 1}
                  className="absolute inset-x-0 top-0 transition-none"
                  style={{ transform: `translateY(${item.start - listTop}px)` }}
                >
                  <RowContent row={row} seenBy={row.key === seenByKey ? seenBy : null} now={now} onRetry={onRetry} />
                </li>
              );
            })}
          </ol>
        </div>
      </div>
      {missed && (
        <button type="button" onClick={jumpDown} className="btn-primary absolute bottom-3 left-1/2 -translate-x-1/2 text-sm shadow-lg">
          <ArrowDown aria-hidden="true" className="size-4" /> New messages
        </button>
      )}
    </div>
  );
}
