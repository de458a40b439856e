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
});
