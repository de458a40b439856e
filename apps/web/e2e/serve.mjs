// Starts the real server for the browser tests on a throwaway PGlite database with the demo data.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServerIfStale, serverEntry } from '../../../scripts/server-build.mjs';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../server');
const dataDir = mkdtempSync(path.join(tmpdir(), 'localloop-e2e-'));
// The compiled server, as `npm start` runs it: the browser tests prove the build too.
await buildServerIfStale();
// Under `npm test` its log goes to the suite's logs for the log audit (scripts/log-audit.mjs), not to the terminal. At
// warn, as before: at info (every request, asset requests included, written as it comes) the browser tests ran 10-25 %
// slower on a slow machine; the server tests log every endpoint's requests at trace for the audit already.
const capture = process.env.LOG_CAPTURE_DIR;
if (capture) mkdirSync(capture, { recursive: true });
const child = spawn(process.execPath, [serverEntry], {
  cwd: serverDir,
  stdio: ['ignore', capture ? openSync(path.join(capture, `browser-tests-server-${process.pid}.ndjson`), 'a') : 'inherit', 'inherit'],
  env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'true', NODE_ENV: 'test',
    // Every browser test logs in from 127.0.0.1: 30 a minute (the default, per address) is a real user's budget, not
    // two workers'. The limit itself is proven in the server's tests (flows.test.ts).
    AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
});
const stop = (signal) => child.kill(signal);
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
