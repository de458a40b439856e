import { afterEach, describe, expect, it, vi } from 'vitest';

async function freshConfig() {
  vi.resetModules();
  return (await import('./config.ts')).config;
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('config', () => {
  it('calls the API under /api on the same origin by default', async () => {
    vi.stubEnv('VITE_API_URL', '');
    expect((await freshConfig()).apiBaseUrl).toBe('/api');
  });

  it('takes the API base from VITE_API_URL, without a trailing slash', async () => {
    vi.stubEnv('VITE_API_URL', 'https://api.localloop.example/api/');
    expect((await freshConfig()).apiBaseUrl).toBe('https://api.localloop.example/api');
  });

  it('has no Google client id unless VITE_GOOGLE_CLIENT_ID is set, and treats an empty one as unset', async () => {
    vi.stubEnv('VITE_GOOGLE_CLIENT_ID', '');
    expect((await freshConfig()).googleClientId).toBeUndefined();
    vi.stubEnv('VITE_GOOGLE_CLIENT_ID', ' 123-abc.apps.googleusercontent.com ');
    expect((await freshConfig()).googleClientId).toBe('123-abc.apps.googleusercontent.com');
  });

  it('links the store pages of VITE_IOS_APP_URL and VITE_ANDROID_APP_URL, and the stores themselves when unset', async () => {
    vi.stubEnv('VITE_IOS_APP_URL', '');
    vi.stubEnv('VITE_ANDROID_APP_URL', '');
    expect(await freshConfig()).toMatchObject({ iosAppUrl: 'https://apps.apple.com/', androidAppUrl: 'https://play.google.com/store/apps' });
    vi.stubEnv('VITE_IOS_APP_URL', 'https://apps.apple.com/app/localloop/id123');
    vi.stubEnv('VITE_ANDROID_APP_URL', 'https://play.google.com/store/apps/details?id=app.localloop');
    expect(await freshConfig()).toMatchObject({
      iosAppUrl: 'https://apps.apple.com/app/localloop/id123',
      androidAppUrl: 'https://play.google.com/store/apps/details?id=app.localloop',
    });
  });

  it('registers no service worker outside the built app (unit tests, npm run dev)', async () => {
    expect((await freshConfig()).serviceWorker).toBe(false);
  });
});
