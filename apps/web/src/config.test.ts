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
});
