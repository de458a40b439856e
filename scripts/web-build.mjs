// Builds apps/web when its sources changed since the last build (a fingerprint of paths, sizes and mtimes).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const stampFile = path.join(web, 'dist/.build-stamp');
const inputs = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/contract/src', 'package-lock.json'];

function* files(p) {
  if (!existsSync(p)) return;
  const s = statSync(p);
  if (!s.isDirectory()) return yield [p, s];
  for (const name of readdirSync(p).sort()) {
    if (!/\.test\.tsx?$/.test(name)) yield* files(path.join(p, name));
  }
}

// Settings the build bakes into the bundle: a change must rebuild.
const buildEnv = ['VITE_API_URL', 'VITE_GOOGLE_CLIENT_ID', 'VITE_GOOGLE_MAPS_API_KEY', 'GOOGLE_CLIENT_ID', 'GOOGLE_MAPS_API_KEY'];

/** The build's inputs (paths under the root, test files left out) and settings, as one string to compare. */
export function fingerprint(paths = inputs, env = buildEnv) {
  const parts = env.map((name) => `${name}=${process.env[name] ?? ''}`);
  for (const input of paths) for (const [p, s] of files(path.join(root, input))) parts.push(`${path.relative(root, p)}:${s.size}:${Math.round(s.mtimeMs)}`);
  return parts.join('\n');
}

/** Returns true when it had to build. */
export function buildWebIfStale({ force = false } = {}) {
  const current = fingerprint();
  const built = existsSync(path.join(web, 'dist/index.html')) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === current;
  if (built && !force) return false;
  console.log('Building the web app…');
  const started = Date.now();
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: web,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error('The web build failed.');
    process.exit(result.status ?? 1);
  }
  writeFileSync(stampFile, current);
  console.log(`Web app built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildWebIfStale({ force: process.argv.includes('--force') });
