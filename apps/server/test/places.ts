/** Made-up places for the "near me" tests and benches: a point some kilometres from another, and repeatable randomness. */

export type Point = { lat: number; lng: number };

/** The point `northKm` north and `eastKm` east of `p` (a flat-earth step, close enough at city scale). */
export const near = (p: Point, northKm: number, eastKm: number): Point => ({
  lat: p.lat + northKm / 111.195,
  lng: p.lng + eastKm / (111.195 * Math.cos((p.lat * Math.PI) / 180)),
});

/** mulberry32: the same "random" numbers in [0, 1) for a seed, every run. */
export function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
