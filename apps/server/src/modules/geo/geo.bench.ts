/**
 * Speed of the offline gazetteer: `npx tsx apps/server/src/modules/geo/geo.bench.ts`.
 * Prints the time to build the index, its heap, and the mean and worst time per suggestion and per reverse lookup.
 */
import { gazetteer } from './gazetteer.ts';

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
