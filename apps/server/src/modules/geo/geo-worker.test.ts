import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gazetteer } from './gazetteer.ts';
import { createGazetteerClient, type GazetteerClient } from './gazetteer-client.ts';
import { geoRoutes } from './routes.ts';

describe('geo: the gazetteer on its own thread', () => {
  let places: GazetteerClient;
  const built: { size: number; buildMs: number; heapMb: number }[] = [];
  const failures: Error[] = [];
  beforeAll(() => {
    places = createGazetteerClient({ onReady: (index) => built.push(index), onError: (err) => failures.push(err) });
  });
  afterAll(() => places.close());

  it('keeps the event loop turning while the index builds', async () => {
    let last = performance.now();
    let longestGap = 0;
    const tick = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 10);
    const started = performance.now();
    const before = performance.eventLoopUtilization();
    places.warm();
    const [first] = await places.suggest('new yo');
    const firstAnswerMs = performance.now() - started;
    // The share of the wait this thread spent running code rather than idle in the event loop. Built here, the index
    // held the loop for its whole build (about 3 s): a share near 1. Unlike the longest timer gap, a busy machine does
    // not raise it much: a thread kept waiting for a core is idle in the loop, not running.
    const busy = performance.eventLoopUtilization(before).utilization;
    clearInterval(tick);

    expect(first?.city).toBe('New York City');
    const [index] = built;
    expect(index?.size).toBeGreaterThan(100_000);
    // The index is columns (typed arrays and joined strings), not objects a place: its thread's heap stays small, and a
    // full collection of it (V8's memory reducer runs two some 16 s after start) is quick. Ten objects a place held 72 MB.
    expect(index?.heapMb).toBeLessThan(30);
    console.info(
      `gazetteer thread: ${index?.size} places built in ${index?.buildMs} ms (${index?.heapMb} MB of heap), first suggestion after ${Math.round(firstAnswerMs)} ms; ` +
        `main thread meanwhile: ${Math.round(busy * 100)} % busy, longest timer gap ${Math.round(longestGap)} ms`,
    );
    expect(busy).toBeLessThan(0.5);
  });

  it('answers as the synchronous gazetteer does', async () => {
    const local = gazetteer();
    const suggested = await places.suggest('new yo');
    expect(suggested[0]).toMatchObject({ city: 'New York City', state: 'New York', country_code: 'US' });
    expect(suggested).toEqual(local.suggest('new yo'));
    expect(await places.suggest('paris, fr', 3)).toEqual(local.suggest('paris, fr', 3));

    const cityHall = await places.reverse(40.7128, -74.006);
    expect(cityHall).toMatchObject({ city: 'New York City', state: 'New York', country: 'United States', area: '' });
    expect(cityHall).toEqual(local.reverse(40.7128, -74.006));

    expect(await places.byId('5128581')).toEqual(local.byId('5128581'));
    expect(await places.byId('999999999999')).toBeNull();
  });

  it('rejects the calls a crashed thread held, and the next call starts a new thread', async () => {
    const crash = places.crashForTests();
    const queuedBehindIt = places.suggest('paris');
    await expect(crash).rejects.toThrow('told to crash');
    await expect(queuedBehindIt).rejects.toThrow('told to crash');
    expect(failures.map((err) => err.message)).toEqual(['The gazetteer worker was told to crash.']);

    const [london] = await places.suggest('londn');
    expect(london).toMatchObject({ city: 'London', country: 'United Kingdom' });
    expect(built).toHaveLength(2);
  });

  it('closes: a waiting call and every later call reject, and closing twice is harmless', async () => {
    const own = createGazetteerClient();
    const waiting = expect(own.suggest('new yo')).rejects.toThrow('The gazetteer is closed.');
    await expect(own.close()).resolves.toBeUndefined();
    await waiting;
    await expect(own.reverse(40.7128, -74.006)).rejects.toThrow('The gazetteer is closed.');
    own.warm();
    await expect(own.close()).resolves.toBeUndefined();
  });

  /** Runs `body` in a new Node process with `createGazetteerClient` in scope; what it prints, once it ends by itself. */
  async function runAlone(body: string): Promise<string> {
    const client = JSON.stringify(new URL('./gazetteer-client.ts', import.meta.url).href);
    const script = `import(${client}).then(async ({ createGazetteerClient }) => { ${body} });`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--eval', script], {
      cwd: new URL('.', import.meta.url),
      timeout: 25_000,
    });
    return stdout.trim();
  }

  it('never keeps a process alive for a warm-up: a script that only warms it ends at once', async () => {
    const started = performance.now();
    expect(await runAlone(`createGazetteerClient().warm(); console.log('warming');`)).toBe('warming');
    console.info(`a process that only warmed the gazetteer ended after ${Math.round(performance.now() - started)} ms`);
  });

  it('keeps a process alive while a call waits: a script that asks once, never closing, prints the answer and ends', async () => {
    expect(await runAlone(`console.log((await createGazetteerClient().suggest('new yo'))[0].city);`)).toBe('New York City');
  }, 30_000);

  it('is closed when the app that serves it closes', async () => {
    const own = createGazetteerClient();
    const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register((api) => geoRoutes(api, own), { prefix: '/api' });
    await app.ready();
    await app.close();
    await expect(own.byId('5128581')).rejects.toThrow('The gazetteer is closed.');
  });
});
