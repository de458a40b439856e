import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, request } from '../api/client.ts';
import { ok, stubApi } from '../test/api-stub.ts';
import { renderApp } from '../test/render-app.tsx';

function goOffline(offline: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { value: !offline, configurable: true });
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

async function openApp() {
  renderApp('/appDownload');
  await screen.findByRole('heading', { level: 1, name: 'Get the App' });
  return screen.getByTestId('offline-banner');
}

afterEach(() => {
  // Back to jsdom's own (always online) navigator.onLine.
  Reflect.deleteProperty(window.navigator, 'onLine');
});

describe('the offline banner', () => {
  it('says "You are offline" and what still works while the browser is offline, and goes when it is back online', async () => {
    const banner = await openApp();
    expect(banner).toBeEmptyDOMElement();
    expect(banner).toHaveAttribute('aria-live', 'polite');
    goOffline(true);
    expect(banner).toHaveTextContent('You are offline.');
    expect(banner).toHaveTextContent('Pages you have opened still show');
    goOffline(false);
    expect(banner).toBeEmptyDOMElement();
  });

  it('shows when an API call fails on the network, and goes when a call gets through again', async () => {
    const banner = await openApp();
    stubApi({
      'GET /deals/lists/': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await act(async () => {
      await expect(request('/deals/lists/')).rejects.toBeInstanceOf(ApiError);
    });
    expect(banner).toHaveTextContent('You are offline.');
    stubApi({ 'GET /deals/lists/': ok([]) });
    await act(async () => {
      await request('/deals/lists/');
    });
    expect(banner).toBeEmptyDOMElement();
  });
});
