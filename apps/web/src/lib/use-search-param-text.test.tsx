import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { searchDebounceMs, useSearchParamText } from './use-search-param-text.ts';

function renderSearch(entry = '/list') {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[entry]}>{children}</MemoryRouter>;
  return renderHook(() => ({ search: useSearchParamText('q'), location: useLocation() }), { wrapper });
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useSearchParamText', () => {
  it('writes the text to the address once the typing pauses', () => {
    const { result } = renderSearch();
    act(() => result.current.search.onChange('bak'));
    expect(result.current.location.search).toBe('');
    act(() => vi.advanceTimersByTime(searchDebounceMs));
    expect(result.current.location.search).toBe('?q=bak');
    expect(result.current.search.text).toBe('bak');
  });

  it('keeps a key typed while its own earlier write lands in the address', () => {
    const { result } = renderSearch();
    act(() => result.current.search.onChange('b'));
    act(() => {
      vi.advanceTimersByTime(searchDebounceMs);
      result.current.search.onChange('ba');
    });
    expect(result.current.search.text).toBe('ba');
    act(() => vi.advanceTimersByTime(searchDebounceMs));
    expect(result.current.location.search).toBe('?q=ba');
    expect(result.current.search.text).toBe('ba');
  });

  it('follows the address when it changes from outside', () => {
    const { result } = renderSearch('/list?q=tea');
    expect(result.current.search.text).toBe('tea');
  });
});
