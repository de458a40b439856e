// `npm run dev`: the API on :3000 with reload on change, and Vite's dev server on :5173 proxying /api to it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { root } from './web-build.mjs';

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/main.ts'], { cwd: path.join(root, 'apps/server'), stdio: 'inherit' }),
  spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js')], { cwd: path.join(root, 'apps/web'), stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => { stop(); process.exitCode = code ?? 0; });
