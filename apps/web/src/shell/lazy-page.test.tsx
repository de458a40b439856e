import { render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy-page.ts';
import type { PageProps } from '../components/page-props.ts';
import type { PageModule } from './lazy-page.ts';
import { PageBoundary } from './page-boundary.tsx';

function Hello({ title }: PageProps) {
  return <h1>{title}</h1>;
}

describe('lazyPage', () => {
  it('downloads a preloaded page once: the render waits for the same download', async () => {
    const load = vi.fn(() => Promise.resolve<PageModule>({ default: Hello }));
    const page = lazyPage(load);
    page.preload();
    page.preload();
    render(
      <MemoryRouter>
        <PageBoundary page={page} title="Early page" />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Early page' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows a page preloaded before the first render with that render, without its spinner (nothing for React to hold back)', async () => {
    const page = lazyPage(() => Promise.resolve<PageModule>({ default: Hello }));
    await page.preload();
    const { container } = render(
      <MemoryRouter>
        <PageBoundary page={page} title="Ready page" />
      </MemoryRouter>,
    );
    // In the DOM as render() returns: not found by waiting.
    expect(screen.getByRole('heading', { name: 'Ready page' })).toBeInTheDocument();
    expect(container.querySelector('[role="status"]')).toBeNull();
  });

  it('mounts a page that arrives after the first render once: its chunk arriving and later renders do not remount it', async () => {
    let mounts = 0;
    function Counted({ title }: PageProps) {
      useEffect(() => {
        mounts += 1;
      }, []);
      return <h1>{title}</h1>;
    }
    let arrive = (_: PageModule) => undefined as void;
    const page = lazyPage(() => new Promise<PageModule>((resolve) => (arrive = resolve)));
    const before = page.Component;
    const tree = (title: string) => (
      <MemoryRouter>
        <PageBoundary page={page} title={title} />
      </MemoryRouter>
    );
    const view = render(tree('Late page'));
    expect(screen.getByRole('status')).toBeInTheDocument();
    arrive({ default: Counted });
    expect(await screen.findByRole('heading', { name: 'Late page' })).toBeInTheDocument();
    view.rerender(tree('Late page, again'));
    expect(screen.getByRole('heading', { name: 'Late page, again' })).toBeInTheDocument();
    expect(page.Component).toBe(before);
    expect(mounts).toBe(1);
  });

  it('leaves a failed preload to the render, which shows it with its retry', async () => {
    const load = vi.fn(() => Promise.reject(new Error('offline')));
    const page = lazyPage(load);
    await page.preload();
    expect(load).toHaveBeenCalledTimes(1);
    // No unhandled rejection: the test run would fail on one.
  });
});
