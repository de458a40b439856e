import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { PageProps } from '../components/page-props.ts';
import { allowConsole } from '../test/console.ts';
import { ErrorFallback } from './error-fallback.tsx';
import { lazyPage } from './lazy-page.ts';
import type { PageModule } from './lazy-page.ts';
import { PageBoundary } from './page-boundary.tsx';

function Hello({ title }: PageProps) {
  return <h1>{title}</h1>;
}

function renderPage(load: () => Promise<PageModule>, title = 'Hello page') {
  const page = lazyPage(load);
  render(
    <MemoryRouter>
      <PageBoundary page={page} title={title} />
    </MemoryRouter>,
  );
  return page;
}

describe('page boundary', () => {
  it('shows an accessible spinner while the page chunk loads, then the page with its title', async () => {
    let resolve: (module: PageModule) => void = () => {};
    renderPage(() => new Promise<PageModule>((r) => (resolve = r)));

    const spinner = await screen.findByRole('status');
    expect(spinner).toHaveTextContent('Loading…');

    resolve({ default: Hello });
    expect(await screen.findByRole('heading', { name: 'Hello page' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(document.title).toBe('Hello page · LocalLoop');
  });

  it('shows the error fallback when a page chunk fails, and Try Again imports it again', async () => {
    allowConsole('error', /Failed to fetch dynamically imported module|The above error occurred|error boundary/i);
    const load = vi
      .fn<() => Promise<PageModule>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module: /assets/hello-page.js'))
      .mockResolvedValue({ default: Hello });
    renderPage(load);

    expect(await screen.findByText('Oops! Something went wrong.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Hello page' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shows the error fallback when a page throws, and Try Again renders it again without re-importing', async () => {
    allowConsole('error', /page exploded|The above error occurred|error boundary/i);
    let explode = true;
    function Fragile() {
      if (explode) throw new Error('page exploded');
      return <h1>Recovered</h1>;
    }
    const load = vi.fn(async (): Promise<PageModule> => ({ default: Fragile }));
    renderPage(load);

    expect(await screen.findByText('Oops! Something went wrong.')).toBeInTheDocument();
    explode = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Recovered' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('error fallback', () => {
  it('offers Try Again and a Reload Page button that reloads', async () => {
    const onRetry = vi.fn();
    const onReload = vi.fn();
    render(<ErrorFallback onRetry={onRetry} onReload={onReload} />);
    expect(screen.getByRole('heading', { name: 'Oops! Something went wrong.' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reload Page' }));
    expect(onReload).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
