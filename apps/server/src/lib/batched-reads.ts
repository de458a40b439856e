import DataLoader from 'dataloader';

/**
 * One small read that many requests ask at about the same time (a deal's stock with each caller's own units), sent as
 * one statement for all of them: under load each message to PostgreSQL costs the server a system call and a backend's
 * wake-up (db/batched.ts says the same of writes), so fifty pages asked at once cost one round trip, not fifty. The keys
 * asked within one turn of the event loop (every request whose data arrived in its poll phase) go together, at most
 * `maxBatch` at a time; a lone request goes alone, as before, a turn later. Nothing is kept between batches (DataLoader
 * with its cache off): every key asked is read.
 *
 * `read` answers every key in order: a value, or an Error that fails that key's asker only. A read that throws fails
 * every asker of its batch (as a database outage fails each of them alone).
 */
export function batchedReads<K, V>(read: (keys: readonly K[]) => Promise<(V | Error)[]>, { maxBatch = 100 }: { maxBatch?: number } = {}): (key: K) => Promise<V> {
  const loader = new DataLoader<K, V>(read, { cache: false, maxBatchSize: maxBatch, batchScheduleFn: (run) => setImmediate(run) });
  return (key) => loader.load(key);
}
