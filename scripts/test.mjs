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
  'src/lib/passwords.test.ts',
  'src/lib/requester.test.ts',
  'src/lib/tokens.test.ts',
  'src/modules/geo/geo.test.ts',
  'src/modules/geo/geo-worker.test.ts',
  'src/modules/appointments/slot-maths.test.ts',
  'test/lint-boundaries.test.ts',
  'test/data-dir-lock.test.ts',
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
// CPU, the checks alone 20 s). Then the PGlite pass and the browser tests, each alone: both keep the two cores busy, and
// the browser tests beside the PostgreSQL pass were slower in all.
if (process.env.TEST_DATABASE_URL) {
  await Promise.all([staticChecks(), vitest('Vitest: server on PostgreSQL', ['server'], 'vitest-postgres', { extra: databaseFree.flatMap((file) => ['--exclude', file]) })]);
} else {
  await staticChecks();
}

await vitest('Vitest: contract, server on PGlite, web', ['contract', 'server', 'web'], 'vitest-pglite', { env: { TEST_DATABASE_URL: '' } });

const chromium = spawnSync('bash', [path.join(root, 'scripts/ensure-chromium.sh')], { stdio: 'inherit' });
if (chromium.status === 0) {
  buildWebIfStale();
  const json = path.join(results, 'playwright.json');
  await run('Playwright: the built app in Chromium', bin('playwright'), ['test', '-c', 'apps/web/e2e/playwright.config.ts'], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: json },
    json,
    count: (j) => ({ passed: (j.stats?.expected ?? 0) + (j.stats?.flaky ?? 0), failed: j.stats?.unexpected ?? 0 }),
  });
} else {
  runs.push({ label: 'Playwright (no Chromium)', passed: 0, failed: 1, seconds: 0 });
}

console.log('\n=== summary ===');
for (const r of runs) console.log(`${r.label}: ${r.passed} passed, ${r.failed} failed (${r.seconds.toFixed(0)} s)`);
const passed = runs.reduce((n, r) => n + r.passed, 0);
const failed = runs.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
