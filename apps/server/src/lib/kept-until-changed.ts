import { answerCache, SHARED_LIST_BYTES } from './answer-cache.ts';
import type { Clock } from './clock.ts';

/**
 * Answers that hold nothing of the asker, kept for everyone who asks the same within `ttlMs` and forgotten as soon as
 * what they show changes: each answer belongs to a scope (a provider's free times, an activity's page), and a change of
 * the scope, heard in this process at once after its commit and from the others on the realtime bus, means none of its
 * answers read before is served again. The key of an answer carries its scope's count of changes, so a read begun
 * before a change (still on its way when the change came) is kept under the old count and never asked for after it.
 * What the bus does not carry shows for at most `ttlMs`.
 *
 * While the bus is down nothing is kept or served (a change elsewhere could not be heard); once it is back, everything
 * is forgotten. `ttlMs` 0 keeps nothing. At most `maxBytes` are kept (SHARED_LIST_BYTES unless told), the least
 * recently asked leaving first. A key need only be unique within its scope.
 */
export type KeptUntilChanged<T extends object> = {
  /** The answer named `key` in `scope`, kept or read by `read` (once for everyone asking it at the same time). */
  get(scope: string, key: string, read: () => Promise<T>): Promise<T>;
  /** What `scope`'s answers show changed: none read before is served again. */
  changed(scope: string): void;
  busDown(): void;
  busUp(): void;
};

export function keptUntilChanged<T extends object>({ ttlMs, clock, maxBytes = SHARED_LIST_BYTES }: { ttlMs: number; clock: Clock; maxBytes?: number }): KeptUntilChanged<T> {
  const kept = answerCache<T>({ ttlMs, maxBytes, clock });
  let counter = 0;
  // The last change of each scope changed since the bus last came back, numbered from one counter (a number per scope:
  // at most one per provider or activity); `epoch` changes every key at once.
  const changes = new Map<string, number>();
  let epoch = 0;
  let listening = true;
  return {
    get(scope, key, read) {
      if (!listening) return read();
      return kept.get(`${epoch}:${scope}:${changes.get(scope) ?? 0}:${key}`, read);
    },
    changed(scope) {
      changes.set(scope, ++counter);
    },
    busDown() {
      listening = false;
    },
    busUp() {
      listening = true;
      epoch = ++counter;
      changes.clear();
    },
  };
}
