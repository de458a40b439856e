import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/** Typed search reaches the address once the typing pauses this long. */
export const searchDebounceMs = 300;

/**
 * A search box bound to one parameter of the address (`?q=`): the box shows each keystroke at once, the
 * address — and so the query that reads it — gets the trimmed text only once the typing pauses (replacing
 * the entry, so Back skips keystrokes), and Back and Forward bring the box along. `clear()` empties the box
 * and drops a pending write; the caller changes the address itself.
 */
export function useSearchParamText(name = 'q') {
  const [params, setParams] = useSearchParams();
  const inAddress = params.get(name) ?? '';
  const [text, setText] = useState(inAddress);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // The address changed from outside (Back, Forward, a link): the box follows, as a render-time update. Not when the
  // change is our own write landing: the router applies it in a transition, and a key typed meanwhile must stay.
  const [shown, setShown] = useState(inAddress);
  const [written, setWritten] = useState<string | null>(null);
  if (inAddress !== shown) {
    setShown(inAddress);
    if (inAddress === written) setWritten(null);
    else if (inAddress !== text.trim()) setText(inAddress);
  }

  const onChange = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setWritten(value.trim());
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value.trim()) next.set(name, value.trim());
          else next.delete(name);
          return next;
        },
        { replace: true },
      );
    }, searchDebounceMs);
  };

  const clear = () => {
    clearTimeout(timer.current);
    setText('');
  };

  return { text, onChange, clear };
}
