import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
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
    const secret = { JWT_SECRET: 'x'.repeat(40), QR_SIGNING_SECRET: 'q'.repeat(40), DATA_DIR: dataDir() };
    expect(loadConfig({ NODE_ENV: 'production', ...secret }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true', ...secret }).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', SEED_DEMO: 'false', ...secret }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', ...secret }).seedDemo).toBe(true);
  });

  it('requires every secret in production, naming each one missing, and writes none into DATA_DIR', () => {
    const dir = dataDir();
    const attempt = (env: Record<string, string>) => () => loadConfig({ NODE_ENV: 'production', DATA_DIR: dir, ...env });
    expect(attempt({})).toThrow(/JWT_SECRET: required[\s\S]*QR_SIGNING_SECRET: required/);
    expect(attempt({ JWT_SECRET: 'x'.repeat(40) })).toThrow(/QR_SIGNING_SECRET: required/);
    expect(attempt({ JWT_SECRET: 'x'.repeat(40) })).not.toThrow(/JWT_SECRET/);
    expect(attempt({ QR_SIGNING_SECRET: 'q'.repeat(40) })).toThrow(/JWT_SECRET: required/);
    expect(attempt({ JWT_SECRET: 'x'.repeat(40), QR_SIGNING_SECRET: 'short' })).toThrow(/QR_SIGNING_SECRET: must be at least 32 characters/);
    expect(loadConfig({ NODE_ENV: 'production', DATA_DIR: dir, JWT_SECRET: 'x'.repeat(40), QR_SIGNING_SECRET: 'q'.repeat(40) })).toMatchObject({ jwtSecret: 'x'.repeat(40), qrSigningSecret: 'q'.repeat(40) });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('outside production keeps each generated secret in DATA_DIR across restarts, readable by its owner only', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    const again = loadConfig({ DATA_DIR: dir });
    expect(again.jwtSecret).toBe(first.jwtSecret);
    expect(again.qrSigningSecret).toBe(first.qrSigningSecret);
    expect(first.qrSigningSecret).not.toBe(first.jwtSecret);
    for (const [file, value] of [['jwt-secret', first.jwtSecret], ['qr-signing-secret', first.qrSigningSecret]] as const) {
      expect(readFileSync(path.join(dir, file), 'utf8')).toBe(value);
      expect(statSync(path.join(dir, file)).mode & 0o777).toBe(0o600);
      expect(value.length).toBeGreaterThanOrEqual(32);
    }
    // Only the two secrets: no draft left behind.
    expect(readdirSync(dir).sort()).toEqual(['jwt-secret', 'qr-signing-secret']);
  });

  it('takes a secret given in the environment over the generated one', () => {
    const dir = dataDir();
    loadConfig({ DATA_DIR: dir });
    expect(loadConfig({ DATA_DIR: dir, QR_SIGNING_SECRET: 'q'.repeat(40) }).qrSigningSecret).toBe('q'.repeat(40));
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
