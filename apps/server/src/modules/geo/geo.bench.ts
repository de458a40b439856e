/**
 * Speed of the offline gazetteer: `npx tsx apps/server/src/modules/geo/geo.bench.ts`.
 * Prints the time to build the index, its heap, and the mean and worst time per suggestion and per reverse lookup;
 * then the same through the gazetteer's thread as the server uses it: time to the first answer, the longest the
 * main event loop waited meanwhile, and the round trip per suggestion and per reverse lookup.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { gazetteer } from './gazetteer.ts';
import { createGazetteerClient } from './gazetteer-client.ts';

const heapBefore = process.memoryUsage().heapUsed;
let started = performance.now();
const places = gazetteer();
console.log(`index: ${places.size} places in ${Math.round(performance.now() - started)} ms, heap +${Math.round((process.memoryUsage().heapUsed - heapBefore) / 1e6)} MB`);

const queries = ['new yo', 'sao paulo', 'são paulo', 'londn', 'paris, fr', 'paris, texas', 'new york, usa', 's', 'a', 'san', 'springfield, il', 'sao paolo', 'kuala lumpr', 'zzzzzz'];
for (const q of queries) places.suggest(q);
let worst = 0;
const rounds = 100;
started = performance.now();
for (let i = 0; i < rounds; i++) {
  for (const q of queries) {
    const t = performance.now();
    places.suggest(q);
    worst = Math.max(worst, performance.now() - t);
  }
}
console.log(`suggest: ${((performance.now() - started) / (rounds * queries.length)).toFixed(2)} ms mean, ${worst.toFixed(2)} ms worst (budget 20 ms)`);

const points = Array.from({ length: 5000 }, (_, i) => [((i * 37) % 140) - 60, ((i * 73) % 360) - 180] as const);
worst = 0;
started = performance.now();
for (const [lat, lng] of points) {
  const t = performance.now();
  places.reverse(lat, lng);
  worst = Math.max(worst, performance.now() - t);
}
console.log(`reverse: ${((performance.now() - started) / points.length).toFixed(2)} ms mean, ${worst.toFixed(2)} ms worst`);

// Through the thread. The main thread's index above is not shared; the thread builds its own.
let buildMs = 0;
const client = createGazetteerClient({ onReady: (index) => (buildMs = index.buildMs) });
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
started = performance.now();
await client.suggest('new yo');
delay.disable();
console.log(
  `thread: first suggestion after ${Math.round(performance.now() - started)} ms (build ${buildMs} ms); ` +
    `main event loop delay meanwhile: max ${Math.round(delay.max / 1e6)} ms`,
);

for (const q of queries) await client.suggest(q);
worst = 0;
started = performance.now();
for (let i = 0; i < rounds; i++) {
  for (const q of queries) {
    const t = performance.now();
    await client.suggest(q);
    worst = Math.max(worst, performance.now() - t);
  }
}
console.log(`thread suggest: ${((performance.now() - started) / (rounds * queries.length)).toFixed(2)} ms mean round trip, ${worst.toFixed(2)} ms worst`);

worst = 0;
started = performance.now();
for (const [lat, lng] of points) {
  const t = performance.now();
  await client.reverse(lat, lng);
  worst = Math.max(worst, performance.now() - t);
}
console.log(`thread reverse: ${((performance.now() - started) / points.length).toFixed(2)} ms mean round trip, ${worst.toFixed(2)} ms worst`);

// Many people typing at once: the calls queue in the thread's port and are answered in order.
started = performance.now();
await Promise.all(Array.from({ length: 20 }, () => Promise.all(queries.map((q) => client.suggest(q)))));
console.log(`thread suggest, ${20 * queries.length} at once: ${Math.round(performance.now() - started)} ms for all`);
await client.close();
