import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../api/client.ts';
import { fieldOfPath, formProblems, withFormFields } from './form-problems.ts';

const fields = ['title', 'address', 'price'] as const;
const fieldOf = (path: readonly PropertyKey[] | string) => fieldOfPath(fields, path, { location: 'address' });

describe('form problems', () => {
  it('names the form field of a nested path or server key, through an alias, or none', () => {
    expect(fieldOf(['price', 'amount_cents'])).toBe('price');
    expect(fieldOf('location.formatted_address')).toBe('address');
    expect(fieldOf('unknown.0')).toBeNull();
  });

  it("keeps the form's own first message per field and adds the contract's issues under their fields", () => {
    const Contract = z.object({ title: z.string().min(3, 'Too short.'), price: z.number().positive('Must be more than 0.') });
    const form = z.object({ title: z.string(), price: z.string() }).transform((v, ctx) => {
      const { problem, check } = formProblems(fieldOf);
      if (v.price === '') problem('price', 'Enter a price.');
      return check(Contract, { title: v.title, price: Number(v.price) }, ctx);
    });
    const failed = form.safeParse({ title: 'ab', price: '' });
    expect(failed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['price', 'Enter a price.'],
      ['title', 'Too short.'],
    ]);
    expect(form.safeParse({ title: 'Run', price: '5' }).data).toEqual({ title: 'Run', price: 5 });
  });

  it("renames the server's nested field keys to the form's and leaves other failures alone", () => {
    const renamed = withFormFields(new ApiError(422, 'VALIDATION_FAILED', 'Check the form.', { 'location.formatted_address': 'Too long.', other: 'Nope.' }), fieldOf);
    expect(renamed instanceof ApiError && renamed.fields).toEqual({ address: 'Too long.', other: 'Nope.' });
    const plain = new Error('offline');
    expect(withFormFields(plain, fieldOf)).toBe(plain);
  });
});
