import { render, screen } from '@testing-library/react';
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

  it('leaves a failed preload to the render, which shows it with its retry', async () => {
    const load = vi.fn(() => Promise.reject(new Error('offline')));
    const page = lazyPage(load);
    page.preload();
    await Promise.resolve();
    expect(load).toHaveBeenCalledTimes(1);
    // No unhandled rejection: the test run would fail on one.
  });
});
