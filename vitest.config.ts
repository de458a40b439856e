import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner, three projects. `npm test` (scripts/test.mjs) runs them and the browser specs.
export default defineConfig({
  test: {
    // Vitest leaves a core free by default: on a 2-core machine that is one worker, and most tests wait on the database
    // or a child process, not the CPU. A worker per core took the run from 326 s to 225 s there.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/global-setup.ts'],
          setupFiles: ['test/setup-file.ts'],
          testTimeout: 20_000,
          // The files share one module graph per worker (no mocks: eslint.config.js): 176 s -> 134 s on 2 cores.
          isolate: false,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
