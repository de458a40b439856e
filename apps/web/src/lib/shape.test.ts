import { describe, expect, it } from 'vitest';
import { arrayOf, nullable, number, resultsOf, shape, string } from './shape.ts';

describe('shape checks', () => {
  const card = shape({ id: string, price: shape({ amount_cents: number, currency: string }), rating: nullable(number), tags: arrayOf(string) });

  it('passes an object with every field of the shape, nested ones included, and lets other fields through', () => {
    expect(card({ id: 'a', price: { amount_cents: 900, currency: 'USD' }, rating: null, tags: ['x'], extra: true })).toBe(true);
  });

  it('refuses a missing field, a wrong type, NaN, an array for an object and null where it is not allowed', () => {
    expect(card({ price: { amount_cents: 900, currency: 'USD' }, rating: null, tags: [] })).toBe(false);
    expect(card({ id: 'a', price: { amount_cents: '900', currency: 'USD' }, rating: null, tags: [] })).toBe(false);
    expect(card({ id: 'a', price: { amount_cents: Number.NaN, currency: 'USD' }, rating: null, tags: [] })).toBe(false);
    expect(card({ id: 'a', price: [], rating: null, tags: [] })).toBe(false);
    expect(card({ id: null, price: { amount_cents: 1, currency: 'USD' }, rating: null, tags: [] })).toBe(false);
    expect(card({ id: 'a', price: { amount_cents: 1, currency: 'USD' }, rating: null, tags: [1] })).toBe(false);
  });

  it('keeps the results that pass and leaves out the rest, and an answer without results is none', () => {
    const ok = { id: 'a', price: { amount_cents: 1, currency: 'USD' }, rating: 4.5, tags: [] };
    expect(resultsOf(ok && { results: [ok, { id: 'b' }] }, card)).toEqual([ok]);
    expect(resultsOf({ error: 'x' }, card)).toEqual([]);
    expect(resultsOf(null, card)).toEqual([]);
  });
});
