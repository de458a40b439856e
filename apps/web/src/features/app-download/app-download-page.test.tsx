import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { config } from '../../config.ts';
import { captureInstallPrompt, resetInstallPrompt } from '../../lib/install-prompt.ts';
import { storeSession, userLogin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

/** The test matchMedia (src/test/media.ts) answers width queries; the display mode is this test's to say. */
function runStandalone(standalone: boolean) {
  const widthAware = window.matchMedia.bind(window);
  vi.stubGlobal('matchMedia', (query: string): MediaQueryList =>
    query.includes('display-mode') ? ({ ...widthAware(query), matches: standalone } as MediaQueryList) : widthAware(query),
  );
}

/** Chromium's install offer, as the browser would fire it; its prompt resolves with the person's choice. */
function offerInstall(outcome: 'accepted' | 'dismissed') {
  const prompt = vi.fn(async () => undefined);
  const event = Object.assign(new Event('beforeinstallprompt'), {
    prompt,
    userChoice: Promise.resolve({ outcome, platform: 'web' }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return prompt;
}

async function openPage() {
  const app = renderApp('/appDownload');
  expect(await screen.findByRole('heading', { level: 1, name: 'Get the App' })).toBeInTheDocument();
  return app;
}

const webApp = () => within(screen.getByRole('region', { name: 'Install this web app' }));

beforeEach(() => {
  captureInstallPrompt();
});

afterEach(() => {
  resetInstallPrompt();
});

describe('get the app (/appDownload)', () => {
  it('links the App Store and Google Play pages from configuration, in a new tab', async () => {
    runStandalone(false);
    await openPage();
    const stores = within(screen.getByRole('region', { name: 'Get the mobile app' }));
    const ios = stores.getByRole('link', { name: /App Store \(iOS/ });
    expect(ios).toHaveAttribute('href', config.iosAppUrl);
    expect(ios).toHaveAttribute('target', '_blank');
    expect(stores.getByRole('link', { name: /Google Play \(Android/ })).toHaveAttribute('href', config.androidAppUrl);
  });

  it('tells how to add it to the home screen when the browser makes no install offer (iPhone Safari)', async () => {
    runStandalone(false);
    await openPage();
    expect(webApp().getByRole('heading', { name: 'On iPhone or iPad (Safari)' })).toBeInTheDocument();
    expect(webApp().getByRole('list')).toHaveTextContent(/Tap Share.*Choose Add to Home Screen/);
    expect(webApp().queryByRole('button', { name: 'Install LocalLoop' })).not.toBeInTheDocument();
  });

  it('installs through the browser\'s offer when there is one, then says it is installed', async () => {
    runStandalone(false);
    storeSession(userLogin);
    const { user } = await openPage();
    const prompt = offerInstall('accepted');
    await user.click(await webApp().findByRole('button', { name: 'Install LocalLoop' }));
    expect(prompt).toHaveBeenCalledOnce();
    expect(await webApp().findByText('LocalLoop is installed.')).toBeInTheDocument();
  });

  it('falls back to the instructions when the person declines the offer', async () => {
    runStandalone(false);
    const { user } = await openPage();
    offerInstall('dismissed');
    await user.click(await webApp().findByRole('button', { name: 'Install LocalLoop' }));
    expect(await webApp().findByRole('status')).toHaveTextContent('Not installed.');
    expect(webApp().getByRole('heading', { name: 'On iPhone or iPad (Safari)' })).toBeInTheDocument();
  });

  it('says LocalLoop is installed when it runs as the installed app (display-mode: standalone)', async () => {
    runStandalone(true);
    await openPage();
    expect(webApp().getByText('LocalLoop is installed.')).toBeInTheDocument();
    expect(webApp().queryByRole('button', { name: 'Install LocalLoop' })).not.toBeInTheDocument();
    expect(webApp().queryByRole('heading', { name: 'On iPhone or iPad (Safari)' })).not.toBeInTheDocument();
  });
});
