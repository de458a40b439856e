import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { availableParallelism } from 'node:os';
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

  it('bounds uploads by default: one image per CPU at a time, 30 waiting, 200 images a day and 1 GB kept per account', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).uploads).toEqual({
      concurrency: availableParallelism(),
      queueLimit: 30,
      dailyImages: 200,
      storageBytes: 1024 * 1024 * 1024,
    });
  });

  it('reads the upload limits from UPLOAD_* variables and names the ones out of range', () => {
    const env = { UPLOAD_CONCURRENCY: '3', UPLOAD_QUEUE_LIMIT: '12', UPLOAD_DAILY_IMAGES: '50', UPLOAD_STORAGE_MB: '100', DATA_DIR: dataDir() };
    expect(loadConfig(env).uploads).toEqual({ concurrency: 3, queueLimit: 12, dailyImages: 50, storageBytes: 100 * 1024 * 1024 });
    // Fewer than 10 waiting places could never admit a full request of 10 images.
    const attempt = () => loadConfig({ UPLOAD_CONCURRENCY: '0', UPLOAD_QUEUE_LIMIT: '9', UPLOAD_DAILY_IMAGES: 'many', DATA_DIR: dataDir() });
    expect(attempt).toThrow(/UPLOAD_CONCURRENCY/);
    expect(attempt).toThrow(/UPLOAD_QUEUE_LIMIT/);
    expect(attempt).toThrow(/UPLOAD_DAILY_IMAGES/);
  });
});
