// `npm start`: the whole product at http://localhost:3000 — builds the web app if needed, then runs the server.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildWebIfStale, root } from './web-build.mjs';

buildWebIfStale();
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  cwd: path.join(root, 'apps/server'),
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
