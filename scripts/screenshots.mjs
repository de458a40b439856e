// `npm run screenshots`: builds the web app when stale, then writes docs/screenshots/*.png from the demo data.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildWebIfStale, root } from './web-build.mjs';

buildWebIfStale();
const bin = path.join(root, 'node_modules/.bin/playwright');
const r = spawnSync(bin, ['test', '-c', 'apps/web/e2e/screenshots.config.ts'], { cwd: root, stdio: 'inherit', env: { ...process.env, E2E_PORT: process.env.E2E_PORT ?? '3198' } });
process.exit(r.status ?? 1);
