import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { Background } from './background.ts';
import type { Clock } from './clock.ts';
import type { JobRunner } from './jobs.ts';
import type { Messenger } from './messaging.ts';
import type { PaymentProvider } from './payments.ts';
import type { Realtime } from './realtime.ts';
import type { SessionVersions } from './session-versions.ts';
import type { PrivateStorage, Storage } from './storage.ts';
import type { TokenService } from './tokens.ts';

/**
 * What every module gets, built once in app.ts: each module's routes function takes it and picks what its services
 * need. A new domain adds nothing here unless it is a new shared part (a payment provider, a maps client).
 */
export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  tokens: TokenService;
  messenger: Messenger;
  /** Work after the answer (deliveries). */
  background: Background;
  /** Work due at a time, kept in the database (reminders); a module registers the kinds it makes. */
  jobs: JobRunner;
  storage: Storage;
  privateStorage: PrivateStorage;
  /** The public URL of a stored file (local /media/… or the bucket). */
  mediaUrl: (key: string) => string;
  realtime: Realtime;
  /** Each account's token version, kept while the realtime bus says when it changes. */
  sessions: SessionVersions;
  /** The server's secret, for HMACs of codes, requesters and device cookies. */
  secret: string;
  /** Charges and refunds of purchases (the dummy unless a real provider is given). */
  payments: PaymentProvider;
};
