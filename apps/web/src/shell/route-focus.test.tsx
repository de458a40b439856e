import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render-app.tsx';

async function headingShown(name: string) {
  return screen.findByRole('heading', { level: 1, name });
}

describe('a route change', () => {
  it('opens the new page at its top with the focus on its h1', async () => {
    const app = renderApp('/PopularDeals');
    await headingShown('Popular Deals');
    window.scrollTo(0, 900);
    await act(() => app.router.navigate('/LocalActivities'));
    const heading = await headingShown('Local Activities');
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute('tabindex', '-1');
    expect(window.scrollY).toBe(0);
  });

  it('leaves the first page as the browser opened it: no focus moved', async () => {
    renderApp('/PopularDeals');
    const heading = await headingShown('Popular Deals');
    // Give a focus move the time it would take, then check that none happened.
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(heading).not.toHaveFocus();
    expect(document.activeElement).toBe(document.body);
  });

  it('does not move on a change of only the query string or the hash (a filter)', async () => {
    const app = renderApp('/PopularDeals');
    const heading = await headingShown('Popular Deals');
    window.scrollTo(0, 600);
    await act(() => app.router.navigate('/PopularDeals?sort=rating'));
    await act(() => app.router.navigate('/PopularDeals?sort=rating#top-deals'));
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(window.scrollY).toBe(600);
    expect(heading).not.toHaveFocus();
  });

  it('returns to where the person was on Back, and opens at the top again on Forward to a page never scrolled', async () => {
    const app = renderApp('/PopularDeals');
    await headingShown('Popular Deals');
    window.scrollTo(0, 700);
    await act(() => app.router.navigate('/LocalActivities'));
    await headingShown('Local Activities');
    expect(window.scrollY).toBe(0);
    await act(() => app.router.navigate(-1));
    const heading = await headingShown('Popular Deals');
    // jsdom pages have no height: the position comes back once the wait for a tall enough page gives up.
    await waitFor(() => expect(window.scrollY).toBe(700));
    await waitFor(() => expect(heading).toHaveFocus());
    await act(() => app.router.navigate(1));
    await headingShown('Local Activities');
    expect(window.scrollY).toBe(0);
  });

  it('leaves the focus where the page put it itself (the sign-up code field)', async () => {
    const app = renderApp('/createAccount');
    await headingShown('Create your account');
    await act(() => app.router.navigate('/OtpVerifyPage?email=sam%40example.com'));
    await headingShown('Check your e-mail');
    const code = screen.getByLabelText('6-digit code');
    await waitFor(() => expect(code).toHaveFocus());
    // A while later it is still there: the route change did not take it to the heading.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(code).toHaveFocus();
  });
});
