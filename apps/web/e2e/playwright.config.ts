import { availableParallelism } from 'node:os';
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './browser.ts';

const port = Number(process.env.E2E_PORT ?? 3199);

// The built app (apps/web/dist, served by the real server) in Debian's Chromium (browser.ts). Never downloads a browser.
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: '../../../.test-results/playwright',
  fullyParallel: true,
  // A worker per core, at least two: each waits on the browser and the server most of the time (Playwright's own
  // default, half the cores, is one worker on a 2-core machine and doubles the run).
  workers: Math.max(2, availableParallelism()),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '../../../.test-results/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A trace records every action of every test, and on two cores that cost a fifth of the run (5.8 -> 4.7 min):
    // off unless asked for (E2E_TRACE=1 keeps the traces of failed tests). A failure still leaves its screenshot and
    // the page's accessibility snapshot (error-context.md).
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    // The built app registers a service worker (the installable app); page.route() mocks and request counts must see
    // every request, so the specs run without it. pwa.spec.ts allows it (test.use({ serviceWorkers: 'allow' })).
    serviceWorkers: 'block',
    // The browser asks for less motion (index.css then lands every animation and transition at once): skeletons,
    // spinners and slides repainting 60 times a second in software rendering were most of Chromium's CPU on 2 cores.
    reducedMotion: 'reduce',
  },
  projects: [
    { name: 'laptop', use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 800 } } },
    { name: 'phone', use: { ...devices['Pixel 7'] }, grep: /@phone/ },
  ],
  webServer: {
    command: 'node e2e/serve.mjs',
    cwd: '..',
    url: `http://127.0.0.1:${port}/api/health`,
    env: { PORT: String(port) },
    // npm test starts it beside the PGlite pass and says so (scripts/test.mjs); otherwise a server already on the port
    // is someone else's, and the run refuses to use it.
    reuseExistingServer: process.env.E2E_SERVER_READY === '1',
    // It migrates a new PGlite database and seeds the demo data (pictures drawn): ~15 s quiet, 100 s seen at load 15.
    timeout: 180_000,
  },
});
