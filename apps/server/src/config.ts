import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every environment variable the server reads; documented in the README's configuration table. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATA_DIR: z.string().min(1).default(path.join(repoRoot, 'data')),
  /** Unset: on outside production, off in production (the demo accounts include an operator with a known password). */
  SEED_DEMO: booleanString.optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  QR_SIGNING_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().min(1).default(path.join(repoRoot, 'apps/web/dist')),
  TRUST_PROXY: booleanString.default(false),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().min(3).default('LocalLoop <no-reply@localloop.test>'),
  SMS_URL: z.string().url().optional(),
  SMS_TOKEN: z.string().min(1).optional(),
  SMS_FROM: z.string().min(1).optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_MAPS_API_KEY: z.string().min(1).optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_URL: z.string().url().optional(),
  S3_FORCE_PATH_STYLE: booleanString.default(false),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
  CHAT_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(120),
  WS_HEARTBEAT_SECONDS: z.coerce.number().min(0.05).max(300).default(25),
  /** 0 turns the poll off (a process that only answers requests; another runs the jobs). */
  JOBS_POLL_SECONDS: z.coerce.number().min(0).max(3600).default(15),
  /**
   * How long an answer is kept for the next asker: a visitor's search, list, page or /Discover answer; a room's history
   * page for its other members (modules/chat/kept-pages.ts) and a provider's free times for everyone
   * (modules/appointments/kept-slots.ts): there only what the bus does not tell of ages this long. 0 keeps none.
   */
  PUBLIC_ANSWER_SECONDS: z.coerce.number().min(0).max(300).default(10),
  UPLOAD_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  // At least one full request (10 images) must fit, or the largest uploads could never be accepted.
  UPLOAD_QUEUE_LIMIT: z.coerce.number().int().min(10).max(10_000).default(30),
  UPLOAD_DAILY_IMAGES: z.coerce.number().int().min(10).max(1_000_000).default(200),
  UPLOAD_STORAGE_MB: z.coerce.number().int().min(10).max(10_000_000).default(1024),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  dataDir: string;
  /** Add the demo data (accounts with a published password, an operator among them). Off in production unless asked for. */
  seedDemo: boolean;
  /** Signs sessions, and (in their own domains) codes, requesters, device cookies and calendar links. */
  jwtSecret: string;
  /** Signs the QR codes of deal purchases: a secret of its own, so that neither one leaked gives away the other. */
  qrSigningSecret: string;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  webDist: string;
  trustProxy: boolean;
  /** Where people reach the app; used in links inside e-mails. */
  publicUrl: string;
  mail: { smtpUrl: string | undefined; from: string };
  /** An HTTP SMS provider: POST {to, from, body} with a bearer token. Unset: SMS goes to the dev outbox. */
  sms: { url: string; token: string; from: string } | undefined;
  google: {
    clientId: string | undefined;
    jwksUrl: string;
    /** A browser key for the Maps JavaScript API: the CSP admits Google Maps only when it is set. */
    mapsApiKey?: string;
  };
  /** An S3-compatible bucket for uploads; unset: files under DATA_DIR/media. */
  s3:
    | { endpoint: string | undefined; region: string; bucket: string; accessKeyId: string; secretAccessKey: string; publicUrl: string | undefined; forcePathStyle: boolean }
    | undefined;
  /** The developer outbox (GET /api/dev/outbox, /dev/outbox) exists only outside production. */
  devOutbox: boolean;
  /** Requests per minute and IP address to each log-in and code endpoint. */
  authRateLimitPerMinute: number;
  /** Chat messages one account may post in a minute, all rooms together. */
  chatMessagesPerMinute: number;
  /** How often each realtime socket is pinged; one that has not answered the previous ping is closed. */
  wsHeartbeatMs: number;
  /** How often this process looks for due jobs (reminders); 0: never. */
  jobsPollMs: number;
  /** How long an answer the same for every visitor (search, /Discover) is reused; 0: never (lib/answer-cache.ts). */
  publicAnswerTtlMs: number;
  uploads: UploadLimits;
};

export type UploadLimits = {
  /** Images re-encoded at the same time in this process. */
  concurrency: number;
  /** Images that may wait for a turn; a request whose images do not fit is answered 503. */
  queueLimit: number;
  /** Images one account may upload in any 24 hours. */
  dailyImages: number;
  /** Bytes of stored images one account may keep. */
  storageBytes: number;
};

export class ConfigError extends Error {}

/** Parses the environment once; throws ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`DATABASE_URL=`) means unset, as in most shells' and tools' conventions.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const missing = Object.keys(SECRET_FILES).filter((name) => !e[name as SecretName]);
  if (e.NODE_ENV === 'production' && missing.length > 0) {
    const lines = missing.map((name) => `  ${name}: required when NODE_ENV=production (at least 32 random characters, the same for every process)`);
    throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const secret = (name: SecretName) => e[name] ?? localSecret(dataDir, SECRET_FILES[name]);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    dataDir,
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV !== 'production',
    jwtSecret: secret('JWT_SECRET'),
    qrSigningSecret: secret('QR_SIGNING_SECRET'),
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST),
    trustProxy: e.TRUST_PROXY,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    sms: e.SMS_URL && e.SMS_TOKEN ? { url: e.SMS_URL, token: e.SMS_TOKEN, from: e.SMS_FROM ?? 'LocalLoop' } : undefined,
    google: { clientId: e.GOOGLE_CLIENT_ID, jwksUrl: e.GOOGLE_JWKS_URL, mapsApiKey: e.GOOGLE_MAPS_API_KEY },
    s3:
      e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            bucket: e.S3_BUCKET,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            publicUrl: e.S3_PUBLIC_URL,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : undefined,
    devOutbox: e.NODE_ENV !== 'production',
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    chatMessagesPerMinute: e.CHAT_MESSAGES_PER_MINUTE,
    wsHeartbeatMs: Math.round(e.WS_HEARTBEAT_SECONDS * 1000),
    jobsPollMs: Math.round(e.JOBS_POLL_SECONDS * 1000),
    publicAnswerTtlMs: Math.round(e.PUBLIC_ANSWER_SECONDS * 1000),
    uploads: {
      concurrency: e.UPLOAD_CONCURRENCY ?? availableParallelism(),
      queueLimit: e.UPLOAD_QUEUE_LIMIT,
      dailyImages: e.UPLOAD_DAILY_IMAGES,
      storageBytes: e.UPLOAD_STORAGE_MB * 1024 * 1024,
    },
  };
}

/** The secrets the server needs, by variable, and the file in DATA_DIR that holds a generated one outside production. */
const SECRET_FILES = { JWT_SECRET: 'jwt-secret', QR_SIGNING_SECRET: 'qr-signing-secret' } as const;
type SecretName = keyof typeof SECRET_FILES;

/**
 * Outside production each secret is made once and kept in DATA_DIR (readable by its owner only), so sessions and QR
 * codes survive restarts. Written whole to a file of its own, then linked into place (link fails when the name exists):
 * of two processes starting on one data directory, the second reads the first one's secret, never a half-written file,
 * and never writes its own over it.
 */
function localSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, secret, { mode: 0o600 });
  try {
    linkSync(draft, file);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw error;
  } finally {
    rmSync(draft, { force: true });
  }
}
