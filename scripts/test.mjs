// `npm test`: type checks and lint beside the server's tests on PostgreSQL (when TEST_DATABASE_URL is set), then Vitest
// (contract, server on PGlite, web), then Playwright in Chromium against the built app — then one line `N passed, N failed`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { buildWebIfStale, root } from './web-build.mjs';

const results = path.join(root, '.test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const runs = [];
// Every log the suite writes is kept here for the log audit at the end (scripts/log-audit.mjs): the server tests' apps
// and processes (apps/server/test/log-capture.ts) and the browser tests' server (apps/web/e2e/serve.mjs).
process.env.LOG_CAPTURE_DIR = path.join(results, 'logs');

/** Runs one test runner, its output streaming as it comes, and counts its tests from its JSON report. */
function run(label, command, args, { env = {}, json, count }) {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('close', (code) => {
      let passed = 0;
      let failed = 0;
      if (existsSync(json)) ({ passed, failed } = count(JSON.parse(readFileSync(json, 'utf8'))));
      // A runner that failed without reporting a failing test (crash, no tests) still counts as one failure.
      if (code !== 0 && failed === 0) failed = 1;
      runs.push({ label, passed, failed, seconds: (Date.now() - started) / 1000 });
      resolve();
    });
  });
}

/**
 * The static checks (typecheck, lint), each counted as one test: passed when it exits 0. They run at once, their output
 * printed per check once it ends.
 */
async function checks(list) {
  const started = Date.now();
  const results = await Promise.all(
    list.map(
      ([label, args]) =>
        new Promise((resolve) => {
          const child = spawn(bin(args[0]), args.slice(1), { cwd: root });
          let output = '';
          child.stdout.on('data', (d) => (output += d));
          child.stderr.on('data', (d) => (output += d));
          child.on('close', (code) => resolve({ label, code, output, seconds: (Date.now() - started) / 1000 }));
        }),
    ),
  );
  for (const r of results) {
    console.log(`\n=== ${r.label} ===\n${r.output}`);
    runs.push({ label: r.label, passed: r.code === 0 ? 1 : 0, failed: r.code === 0 ? 0 : 1, seconds: r.seconds });
  }
}

// The type checks run on tsgo, TypeScript's native port (@typescript/native-preview, the TypeScript team's own): the same
// checker, compiled to native code and checking files in parallel. Measured on 2 cores, cold: contract, server and web in
// 1.2 + 5.1 + 4.6 s against tsc's 10 + 35 + 42 s side by side; it found the same (no) errors, and a planted one. tsc stays
// for editors, ESLint and Vite.
// Each check keeps what it learnt in node_modules/.cache for the next run: tsgo its build info (incremental: a warm
// run re-checks what changed and what depends on it; server 5.4 -> 0.6 s), ESLint its results by file content and
// config (a warm run lints the changed files only; the import rules report a new cycle or a forbidden import in the file
// that makes it; 38 -> 2 CPU-seconds). A cold run (a fresh clone, CI) costs what it did.
const cache = path.join(root, 'node_modules/.cache/localloop-checks');
const tsc = (project, name) => ['tsgo', '-p', project, '--incremental', '--tsBuildInfoFile', path.join(cache, `${name}.tsbuildinfo`)];

const vitestCount = (j) => ({ passed: j.numPassedTests ?? 0, failed: (j.numFailedTests ?? 0) + (j.numRuntimeErrorTestSuites ?? 0) });
const vitest = (label, projects, name, { env = {}, extra = [] } = {}) => {
  const json = path.join(results, `${name}.json`);
  return run(label, bin('vitest'), ['run', ...projects.flatMap((p) => ['--project', p]), ...extra, '--reporter=default', '--reporter=json', `--outputFile.json=${json}`], {
    env,
    json,
    count: vitestCount,
  });
};

/**
 * Server tests that never open the database (pure logic, lint, the gazetteer): the PGlite pass runs them, the
 * PostgreSQL pass need not run them again.
 */
const databaseFree = [
  'src/config.test.ts',
  'src/lib/answer-cache.test.ts',
  'src/lib/answer-serializer.test.ts',
  'src/lib/passwords.test.ts',
  'src/lib/requester.test.ts',
  'src/lib/tokens.test.ts',
  'src/modules/geo/geo.test.ts',
  'src/modules/geo/geo-worker.test.ts',
  'src/modules/appointments/slot-maths.test.ts',
  'src/modules/appointments/kept-slots.test.ts',
  'src/modules/chat/kept-pages.test.ts',
  'src/lib/turns.test.ts',
  'test/lint-boundaries.test.ts',
  'test/data-dir-lock.test.ts',
  'test/log-audit.test.ts',
  'src/lib/batched-reads.test.ts',
];

const staticChecks = () =>
  checks([
    ['TypeScript: contract', tsc('packages/contract', 'contract')],
    ['TypeScript: server', tsc('apps/server', 'server')],
    ['TypeScript: web', tsc('apps/web', 'web')],
    ['ESLint', ['eslint', '.', '--cache', '--cache-strategy', 'content', '--cache-location', path.join(cache, 'eslint/')]],
  ]);

// The checks and the PostgreSQL pass side by side: that pass leaves a quarter of the two cores idle while PostgreSQL
// answers, and the checks (ESLint on one thread, tsgo for seconds) fit in it (measured: the pass alone 100 s at 75 %
// CPU, the checks alone 20 s). Then the PGlite pass and the browser tests, one after the other: both keep the two cores
// busy, and the browser tests beside the PostgreSQL pass were slower in all (only their app is made ready beside the
// PGlite pass, below).
if (process.env.TEST_DATABASE_URL) {
  await Promise.all([staticChecks(), vitest('Vitest: server on PostgreSQL', ['server'], 'vitest-postgres', { extra: databaseFree.flatMap((file) => ['--exclude', file]) })]);
} else {
  await staticChecks();
}

/**
 * The browser tests' app, made ready beside the PGlite pass: the web build, then the real server on a new PGlite database
 * with the demo data (e2e/serve.mjs, what Playwright's webServer would start). Both used to run alone between the
 * PGlite pass and the browser tests (about 40 s on 2 cores); beside the pass they take the CPU its workers leave idle
 * (its global setup, a worker between files, tests waiting on a child process). Playwright then finds the server up and
 * uses it (E2E_SERVER_READY); if it is not up, Playwright starts its own as before.
 */
function startBrowserApp() {
  const port = process.env.E2E_PORT ?? '3199';
  const health = `http://127.0.0.1:${port}/api/health`;
  let server = null;
  const gone = () => server.exitCode !== null || server.signalCode !== null;
  const ready = new Promise((resolve) => {
    const build = spawn(process.execPath, [path.join(root, 'scripts/web-build.mjs')], { cwd: root, stdio: 'inherit' });
    build.on('close', async (code) => {
      if (code !== 0) return resolve(false);
      server = spawn(process.execPath, ['e2e/serve.mjs'], { cwd: path.join(root, 'apps/web'), stdio: 'inherit', env: { ...process.env, PORT: port } });
      server.on('exit', () => resolve(false));
      // Seeding draws the demo pictures: ~15 s on a quiet machine, more beside the tests.
      const until = Date.now() + 180_000;
      while (!gone() && Date.now() < until) {
        if (await fetch(health).then((r) => r.ok, () => false)) return resolve(true);
        await new Promise((r) => setTimeout(r, 250));
      }
      resolve(false);
    });
  });
  const stop = () =>
    new Promise((resolve) => {
      if (!server || gone()) return resolve();
      server.on('exit', () => resolve());
      server.kill('SIGTERM');
    });
  return { ready, stop };
}

const chromium = spawnSync('bash', [path.join(root, 'scripts/ensure-chromium.sh')], { stdio: 'inherit' });
const browserApp = chromium.status === 0 ? startBrowserApp() : null;

await vitest('Vitest: contract, server on PGlite, web', ['contract', 'server', 'web'], 'vitest-pglite', { env: { TEST_DATABASE_URL: '' } });

if (browserApp) {
  const ready = await browserApp.ready;
  if (!ready) {
    // Not up in time (or it failed): it must not hold the port that Playwright's own server is about to take.
    await browserApp.stop();
    buildWebIfStale();
  }
  const json = path.join(results, 'playwright.json');
  await run('Playwright: the built app in Chromium', bin('playwright'), ['test', '-c', 'apps/web/e2e/playwright.config.ts'], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: json, E2E_SERVER_READY: ready ? '1' : '' },
    json,
    count: (j) => ({ passed: (j.stats?.expected ?? 0) + (j.stats?.flaky ?? 0), failed: j.stats?.unexpected ?? 0 }),
  });
  await browserApp.stop();
} else {
  runs.push({ label: 'Playwright (no Chromium)', passed: 0, failed: 1, seconds: 0 });
}

// Last, when every log is written: no password, code, token, ticket, bank number or document path in any of them.
{
  const json = path.join(results, 'log-audit.json');
  await run("Log audit: no secret in the suite's logs", process.execPath, [path.join(root, 'scripts/log-audit.mjs'), '--report', json], { json, count: (j) => j });
}

console.log('\n=== summary ===');
for (const r of runs) console.log(`${r.label}: ${r.passed} passed, ${r.failed} failed (${r.seconds.toFixed(0)} s)`);
const passed = runs.reduce((n, r) => n + r.passed, 0);
const failed = runs.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
