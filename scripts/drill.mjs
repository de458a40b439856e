// `npm run drill`: the fault drill (apps/server/test/drill.test.ts) by itself, on PostgreSQL: two server processes on a
// private cluster of its own (the machine's PostgreSQL binaries, a free loopback port), a mixed burst, PostgreSQL
// restarted, SIGTERM and kill -9, a flood; it prints one table. `npm test` runs it too, in its PostgreSQL pass.
// TEST_DATABASE_URL (default: the local server's `test` database) is only where the test run keeps its template.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { root } from './web-build.mjs';

// Alone on the machine, the drill runs its burst flat out and judges others' p99 under the flood against its budget
// (in npm test, beside other tests, its clients pause between operations and the p99 is printed).
const env = { ...process.env, TEST_DATABASE_URL: process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test', DRILL_ALONE: '1' };
const child = spawn(path.join(root, 'node_modules/.bin/vitest'), ['run', '--project', 'server', 'test/drill.test.ts'], { cwd: root, stdio: 'inherit', env });
child.on('close', (code) => process.exit(code ?? 1));
