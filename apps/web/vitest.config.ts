import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    // Well above Testing Library's 10 s asyncUtilTimeout (src/test/setup.ts): a test makes several waits in a row.
    testTimeout: 30_000,
    // The files share one module graph and jsdom per worker (no mocks: eslint.config.js; src/test/setup.ts resets the
    // storage, globals, timers and viewport after every test): 120 s -> 45 s on 2 cores.
    isolate: false,
  },
});
