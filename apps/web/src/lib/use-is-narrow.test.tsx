import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setViewportWidth } from '../test/media.ts';
import { useIsNarrow } from './use-is-narrow.ts';

describe('useIsNarrow', () => {
  it('is false on a window of 1024 px or more with the default breakpoint', () => {
    setViewportWidth(1024);
    const { result } = renderHook(() => useIsNarrow());
    expect(result.current).toBe(false);
  });

  it('is true below 1024 px with the default breakpoint', () => {
    setViewportWidth(1023);
    const { result } = renderHook(() => useIsNarrow());
    expect(result.current).toBe(true);
  });

  it('follows the window as it is resized', () => {
    setViewportWidth(1280);
    const { result } = renderHook(() => useIsNarrow());
    expect(result.current).toBe(false);
    act(() => setViewportWidth(390));
    expect(result.current).toBe(true);
    act(() => setViewportWidth(1366));
    expect(result.current).toBe(false);
  });

  it('takes a custom breakpoint', () => {
    setViewportWidth(700);
    const { result } = renderHook(() => useIsNarrow(640));
    expect(result.current).toBe(false);
    act(() => setViewportWidth(600));
    expect(result.current).toBe(true);
  });
});
