import { Search } from 'lucide-react';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import type { ComponentType } from 'react';
import type { MarketplaceSearch as FullSearch, MarketplaceSearchProps } from './marketplace-search.tsx';
import { searchIconClass, searchInputClass, searchLabel, searchPlaceholder } from './search-look.ts';

const loadFullSearch = () => import('./marketplace-search.tsx').then((module) => module.MarketplaceSearch);

/**
 * The marketplace search as a first page can afford it (docs/decisions/0012): a plain field that looks like the real
 * box, and the real one (the combobox, the API client and the contract's schemas) loaded when someone shows they want
 * it — a pointer over it, a touch, the focus. What was typed meanwhile is kept, and the focus stays in the field.
 */
export function SearchBox({
  label = searchLabel,
  placeholder = searchPlaceholder,
  size = 'regular',
  focusOnMount = false,
}: MarketplaceSearchProps & { /** Takes the focus when shown (a header's search panel, opened to type). */ focusOnMount?: boolean }) {
  const inputId = useId();
  const [text, setText] = useState('');
  const [full, setFull] = useState<{ Search: ComponentType<Parameters<typeof FullSearch>[0]>; focused: boolean } | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const asked = useRef(false);
  // In the commit that shows it, before anything else can take the focus (see NewContactForm in contact-change.tsx).
  useLayoutEffect(() => {
    if (focusOnMount) inputRef.current?.focus();
    // Only when it first shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const want = () => {
    if (asked.current) return;
    asked.current = true;
    loadFullSearch().then(
      // The full box takes the focus if the plain field has it when it arrives.
      (Search) => setFull({ Search, focused: inputRef.current !== null && document.activeElement === inputRef.current }),
      // Offline or a deploy removed the chunk: the plain field stays; a later sign of intent tries again.
      () => {
        asked.current = false;
      },
    );
  };

  if (full) return <full.Search label={label} placeholder={placeholder} size={size} initialText={text} focusOnMount={full.focused} />;
  return (
    <div className="relative min-w-0">
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      <div className="relative">
        <Search aria-hidden="true" className={searchIconClass(size)} />
        <input
          ref={inputRef}
          id={inputId}
          type="search"
          maxLength={100}
          autoComplete="off"
          placeholder={placeholder}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onPointerEnter={want}
          onTouchStart={want}
          onFocus={want}
          className={searchInputClass(size)}
        />
      </div>
    </div>
  );
}
