import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'localloop-config-'));

describe('loadConfig', () => {
  it('has defaults that serve on port 3000 from PGlite with demo data', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({ port: 3000, databaseUrl: undefined, seedDemo: true, env: 'development' });
  });

  it('names every bad variable', () => {
    const attempt = () => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', SEED_DEMO: 'maybe', DATA_DIR: dataDir() });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT/);
    expect(attempt).toThrow(/DATABASE_URL/);
    expect(attempt).toThrow(/SEED_DEMO/);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '', DATA_DIR: dataDir() })).toMatchObject({ databaseUrl: undefined, port: 3000 });
  });

  it('adds no demo data in production unless SEED_DEMO asks for it', () => {
    const secret = { JWT_SECRET: 'x'.repeat(40), DATA_DIR: dataDir() };
    expect(loadConfig({ NODE_ENV: 'production', ...secret }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true', ...secret }).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', SEED_DEMO: 'false', ...secret }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', ...secret }).seedDemo).toBe(true);
  });

  it('requires JWT_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() })).toThrow(/JWT_SECRET/);
  });

  it('outside production keeps one generated JWT secret in DATA_DIR across restarts', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(first);
    expect(first.length).toBeGreaterThanOrEqual(32);
  });
});
