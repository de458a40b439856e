// `npm test`: type checks and lint, then every runner — Vitest (contract, server on PGlite, web), the server again on PostgreSQL when
// TEST_DATABASE_URL is set, and Playwright in Chromium against the built app — then one line `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { buildWebIfStale, root } from './web-build.mjs';

const results = path.join(root, '.test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const runs = [];

function run(label, command, args, { env = {}, json, count }) {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const r = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  let passed = 0;
  let failed = 0;
  if (existsSync(json)) ({ passed, failed } = count(JSON.parse(readFileSync(json, 'utf8'))));
  // A runner that failed without reporting a failing test (crash, no tests) still counts as one failure.
  if (r.status !== 0 && failed === 0) failed = 1;
  runs.push({ label, passed, failed, seconds: (Date.now() - started) / 1000 });
}

/** A static check (typecheck, lint) counts as one test: passed when it exits 0. */
function check(label, args) {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const r = spawnSync(bin(args[0]), args.slice(1), { cwd: root, stdio: 'inherit' });
  runs.push({ label, passed: r.status === 0 ? 1 : 0, failed: r.status === 0 ? 0 : 1, seconds: (Date.now() - started) / 1000 });
}

check('TypeScript: contract', ['tsc', '-p', 'packages/contract']);
check('TypeScript: server', ['tsc', '-p', 'apps/server']);
check('TypeScript: web', ['tsc', '-p', 'apps/web']);
check('ESLint', ['eslint', '.']);

const vitestCount = (j) => ({ passed: j.numPassedTests ?? 0, failed: (j.numFailedTests ?? 0) + (j.numRuntimeErrorTestSuites ?? 0) });
const vitest = (label, projects, name, env = {}) => {
  const json = path.join(results, `${name}.json`);
  run(label, bin('vitest'), ['run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${json}`], { env, json, count: vitestCount });
};

vitest('Vitest: contract, server on PGlite, web', ['contract', 'server', 'web'], 'vitest-pglite', { TEST_DATABASE_URL: '' });
if (process.env.TEST_DATABASE_URL) vitest('Vitest: server on PostgreSQL', ['server'], 'vitest-postgres');

const chromium = spawnSync('bash', [path.join(root, 'scripts/ensure-chromium.sh')], { stdio: 'inherit' });
if (chromium.status === 0) {
  buildWebIfStale();
  const json = path.join(results, 'playwright.json');
  run('Playwright: the built app in Chromium', bin('playwright'), ['test', '-c', 'apps/web/e2e/playwright.config.ts'], {
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
