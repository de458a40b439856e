// `npm start`: the whole product at http://localhost:3000 — builds the web app and compiles the server if needed, then runs it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildServerIfStale, serverEntry } from './server-build.mjs';
import { buildWebIfStale, root } from './web-build.mjs';

buildWebIfStale();
await buildServerIfStale();
const server = spawn(process.execPath, [serverEntry], {
  cwd: path.join(root, 'apps/server'),
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
