import type { ActivityPerson, ChatMessage } from '@localloop/contract';
import { ArrowDown, LoaderCircle, RotateCw } from 'lucide-react';
import { Fragment, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { PersonAvatar } from '../../../components/person-avatar.tsx';
import { dayLabel, dayOf, timeOf } from '../format.ts';
import type { PendingMessage } from '../use-room-messages.ts';

/** How close to the bottom still counts as "at the bottom" (new messages keep the view there). */
const BOTTOM_SLACK_PX = 80;
/** Messages of one sender this close together form a run: the name and picture show once. */
const RUN_MS = 5 * 60_000;

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

function Bubble({ mine, children, failed }: { mine: boolean; children: string; failed?: boolean }) {
  const tone = failed ? 'bg-red-50 text-red-950 ring-1 ring-red-200' : mine ? 'bg-teal-700 text-white' : 'bg-white text-slate-900 ring-1 ring-slate-200';
  return <p className={`inline-block max-w-full whitespace-pre-wrap rounded-2xl px-3.5 py-2 text-[0.9375rem] leading-relaxed [overflow-wrap:anywhere] ${tone}`}>{children}</p>;
}

/**
 * A room's history, oldest at the top: day separators, runs of one sender, the caller's messages on the right (with
 * those still sending or failed), "Seen by" under the caller's newest. Scrolling to the top loads older messages and
 * keeps the view where it was; new messages keep the view at the bottom when it was there, and otherwise offer a
 * button to jump down. The list is a log region: screen readers hear new messages as they come.
 */
export function MessageList({ me, messages, pending, hasOlder, loadingOlder, onLoadOlder, onRetry, seenBy, onAtBottom, now }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const older = useRef<HTMLButtonElement>(null);
  const stick = useRef(true);
  /** Distance from the bottom before the last change, to hold the view still when older messages come in above. */
  const fromBottom = useRef(0);
  const firstSeq = useRef<number | null>(null);
  const lastKey = useRef<string | null>(null);
  const [missed, setMissed] = useState(false);
  const latestOnAtBottom = useRef(onAtBottom);
  useEffect(() => {
    latestOnAtBottom.current = onAtBottom;
  });

  const lastMine = [...messages].reverse().find((m) => m.sender.id === me.id);
  const newestKey = pending.at(-1)?.client_id ?? messages.at(-1)?.id ?? null;

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const first = messages[0]?.seq ?? null;
    const prepended = first !== null && firstSeq.current !== null && first < firstSeq.current;
    firstSeq.current = first;
    const grew = newestKey !== lastKey.current;
    lastKey.current = newestKey;
    if (prepended) {
      el.scrollTop = el.scrollHeight - fromBottom.current;
    } else if (grew) {
      const ownNewest = pending.length > 0 || messages.at(-1)?.sender.id === me.id;
      if (stick.current || ownNewest) {
        el.scrollTop = el.scrollHeight;
        stick.current = true;
        setMissed(false);
      } else {
        setMissed(true);
      }
    }
    fromBottom.current = el.scrollHeight - el.scrollTop;
  }, [messages, pending, newestKey, me.id]);

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
    fromBottom.current = el.scrollHeight - el.scrollTop;
    if (atBottom !== stick.current) {
      stick.current = atBottom;
      latestOnAtBottom.current(atBottom);
    }
    if (atBottom) setMissed(false);
  };

  const jumpDown = () => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
    stick.current = true;
    setMissed(false);
    latestOnAtBottom.current(true);
  };

  return (
    <div className="relative min-h-0 flex-1">
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region takes the focus so a keyboard can scroll it (WCAG 2.1.1; axe scrollable-region-focusable) */}
      <div ref={scroller} onScroll={onScroll} role="region" aria-label="Conversation" tabIndex={0} className="h-full overflow-y-auto overscroll-contain bg-slate-50 px-3 py-4 [overflow-anchor:none] focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-teal-600 sm:px-5">
        {hasOlder ? (
          <div className="mb-4 flex justify-center">
            <button ref={older} type="button" onClick={onLoadOlder} disabled={loadingOlder} aria-busy={loadingOlder} className="btn-secondary text-sm">
              {loadingOlder ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
              {loadingOlder ? 'Loading older messages…' : 'Load older messages'}
            </button>
          </div>
        ) : messages.length > 0 ? (
          <p className="mb-4 text-center text-xs text-slate-600">This is the start of the conversation.</p>
        ) : null}
        {messages.length === 0 && pending.length === 0 && <p className="py-10 text-center text-sm text-slate-600">No messages yet. Say hello!</p>}
        {/* The log announces new messages; the list inside keeps its items a list (a role on the ol would hide that). */}
        <div role="log" aria-label="Messages" aria-busy={loadingOlder}>
          <ol className="space-y-1">
            {messages.map((m, i) => {
              const previous = messages[i - 1];
              const newDay = !previous || dayOf(previous.created_at) !== dayOf(m.created_at);
              const startsRun = newDay || previous.sender.id !== m.sender.id || Date.parse(m.created_at) - Date.parse(previous.created_at) > RUN_MS;
              const mine = m.sender.id === me.id;
              return (
                <Fragment key={m.id}>
                  {newDay && (
                    <li className="flex justify-center py-2">
                      <span className="rounded-full bg-white px-3 py-1 text-xs font-medium text-slate-700 ring-1 ring-slate-200">{dayLabel(m.created_at, now)}</span>
                    </li>
                  )}
                  <li className={`flex gap-2 ${mine ? 'justify-end' : ''} ${startsRun ? 'pt-2' : ''}`}>
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
                      {m.id === lastMine?.id && pending.length === 0 && seenBy && <p className="mt-0.5 px-1 text-xs text-slate-600">{seenBy}</p>}
                    </div>
                  </li>
                </Fragment>
              );
            })}
            {pending.map((p) => (
              <li key={p.client_id} className="flex justify-end pt-1">
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
              </li>
            ))}
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
