import { MAX_CHAT_MESSAGE_LENGTH, TYPING_INTERVAL_MS } from '@localloop/contract';
import { SendHorizontal } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';

/** The counter shows from this many characters on. */
const COUNT_FROM = MAX_CHAT_MESSAGE_LENGTH - 200;

type Props = {
  disabled: boolean;
  onSend: (text: string) => void;
  /** Called while typing, at most once per TYPING_INTERVAL_MS. */
  onTyping: () => void;
};

/**
 * The message box: Enter sends, Shift+Enter starts a new line; it grows with its text up to a few lines and counts
 * characters near the limit. Focusing it on a phone brings the newest messages along (the page is sized to the
 * visible viewport, so the open keyboard does not cover the box).
 */
export function Composer({ disabled, onSend, onTyping }: Props) {
  const [text, setText] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  const lastTyping = useRef(0);
  const hintId = useId();
  const trimmed = text.trim();

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (disabled || trimmed.length === 0 || trimmed.length > MAX_CHAT_MESSAGE_LENGTH) return;
    onSend(trimmed);
    setText('');
    lastTyping.current = 0;
    box.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const onChange = (value: string) => {
    setText(value);
    const now = Date.now();
    if (value.trim() && now - lastTyping.current >= TYPING_INTERVAL_MS) {
      lastTyping.current = now;
      onTyping();
    }
  };

  return (
    <form onSubmit={submit} className="border-t border-slate-200 bg-white px-3 py-3 sm:px-5">
      <div className="flex items-end gap-2">
        <label className="min-w-0 flex-1">
          <span className="sr-only">Message</span>
          <textarea
            ref={box}
            value={text}
            onChange={(e) => onChange(e.target.value)}
            onKeyDown={onKeyDown}
            rows={1}
            maxLength={MAX_CHAT_MESSAGE_LENGTH}
            disabled={disabled}
            aria-describedby={hintId}
            placeholder={disabled ? 'You cannot write in this chat.' : 'Write a message…'}
            className="block max-h-36 min-h-11 w-full resize-none rounded-2xl border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 [field-sizing:content] placeholder:text-slate-500 focus:border-teal-600 focus:outline-none focus:ring-2 focus:ring-teal-600/30 disabled:bg-slate-100"
          />
        </label>
        <button type="submit" className="btn-primary size-11 shrink-0 rounded-full p-0" disabled={disabled || trimmed.length === 0} aria-label="Send">
          <SendHorizontal aria-hidden="true" className="size-5" />
        </button>
      </div>
      <p id={hintId} className="mt-1 flex justify-between gap-2 px-1 text-xs text-slate-600">
        <span className="hidden sm:inline">Enter sends; Shift+Enter starts a new line.</span>
        {text.length >= COUNT_FROM && (
          <span className={`ml-auto ${text.length >= MAX_CHAT_MESSAGE_LENGTH ? 'font-semibold text-red-800' : ''}`}>
            {text.length.toLocaleString('en-US')} / {MAX_CHAT_MESSAGE_LENGTH.toLocaleString('en-US')}
          </span>
        )}
      </p>
    </form>
  );
}
