import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { installIntersectionObserver } from '../test/intersection-observer.ts';
import { useNearView } from './use-near-view.ts';

function Probe({ margin }: { margin?: string }) {
  const [ref, near] = useNearView<HTMLDivElement>(margin);
  return <div ref={ref}>{near ? 'near' : 'far'}</div>;
}

describe('useNearView', () => {
  it('is false until the element comes within the margin, then stays true and stops watching', () => {
    const { watchers, cross } = installIntersectionObserver();
    render(<Probe margin="300px 0px" />);
    expect(screen.getByText('far')).toBeInTheDocument();
    expect(watchers[0]?.margin).toBe('300px 0px');
    expect(watchers[0]?.targets).toEqual([screen.getByText('far')]);
    cross(false);
    expect(screen.getByText('far')).toBeInTheDocument();
    cross(true);
    expect(screen.getByText('near')).toBeInTheDocument();
    expect(watchers.every((w) => !w.live)).toBe(true);
    cross(false);
    expect(screen.getByText('near')).toBeInTheDocument();
  });

  it('counts everything as near where there is no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Probe />);
    expect(screen.getByText('near')).toBeInTheDocument();
  });
});
