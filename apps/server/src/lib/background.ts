import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that runs after the answer is sent (delivering a code by e-mail or SMS), so the answer's timing does not tell
 * what the work was. Failures are logged; `drain()` waits for everything in flight (shutdown, the dev outbox).
 */
export type Background = {
  run(what: string, work: () => Promise<void>): void;
  drain(): Promise<void>;
};

export function createBackground(log: Pick<FastifyBaseLogger, 'error'>): Background {
  const inFlight = new Set<Promise<void>>();
  return {
    run(what, work) {
      // Started on a later turn of the event loop: not even its first synchronous steps fall inside the answer's time.
      const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .catch((err: unknown) => log.error({ err }, `background work failed: ${what}`))
        .finally(() => inFlight.delete(task));
      inFlight.add(task);
    },
    async drain() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
