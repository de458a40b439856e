import { endpoints } from '@localloop/contract';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerSerializerCompiler, compileAnswer, keptAnswer } from './answer-serializer.ts';

const Person = z.object({ id: z.string().uuid(), name: z.string(), avatar: z.object({ url: z.string(), width: z.number().int() }).nullable() });
const Answer = z.object({
  results: z.array(Person),
  status: z.enum(['open', 'closed']).nullable(),
  when: z.union([z.string(), z.number().int()]).nullable(),
  count: z.number().int(),
});
const person = { id: '5f0c6a3e-2b1d-4c7a-9e8f-0a1b2c3d4e5f', name: 'Maya', avatar: null };

/** The serializer Fastify gets for a route answering `schema`, checked (as outside production) or not. */
const serializerFor = (schema: z.ZodType, check: boolean) => answerSerializerCompiler({ check })({ schema, method: 'GET', url: '/api/test/', httpStatus: '200' });

describe('answers written by the serializer compiled from their schema', () => {
  it('compiles the answer schema of every endpoint in the table (none left to zod alone), with its unions', () => {
    const left = Object.entries(endpoints).filter(([, e]) => compileAnswer(e.response) === null).map(([name]) => name);
    expect(left).toEqual([]);
  });

  it('writes what the schema names and nothing else: a column it does not name stays on the server, nested too', () => {
    const write = serializerFor(Answer, false);
    const text = write({
      results: [{ ...person, password_hash: '$argon2id$secret', avatar: { url: '/media/a.webp', width: 320, storage_key: 'private/a' } }],
      status: 'open',
      when: null,
      count: 1,
      email: 'maya@example.test',
    });
    expect(JSON.parse(text)).toEqual({ results: [{ ...person, avatar: { url: '/media/a.webp', width: 320 } }], status: 'open', when: null, count: 1 });
    expect(text).not.toMatch(/password_hash|argon2|storage_key|private|email/);
  });

  it('writes null where the schema allows it (an object, an enum, a union) and chooses a union\'s branch', () => {
    const write = serializerFor(Answer, false);
    expect(JSON.parse(write({ results: [], status: null, when: 42, count: 0 }))).toEqual({ results: [], status: null, when: 42, count: 0 });
    expect(JSON.parse(write({ results: [], status: 'closed', when: '2026-11-28T10:00:00.000Z', count: 0 }))).toMatchObject({ when: '2026-11-28T10:00:00.000Z' });
  });

  it('escapes text as JSON does: quotes, backslashes, line breaks, control characters, HTML and other scripts', () => {
    const write = serializerFor(Answer, true);
    const name = 'Ma"ya \\ </script><img src=x onerror=alert(1)>\n\t\u0000\u2028 😀 مرحبا';
    expect(JSON.parse(write({ results: [{ ...person, name }], status: null, when: null, count: 1 }))).toMatchObject({ results: [{ name }] });
  });

  it('outside production, checks each answer with zod as before: a wrong one is refused, not written', () => {
    const checked = serializerFor(Answer, true);
    expect(() => checked({ results: [{ ...person, id: 'not-a-uuid' }], status: null, when: null, count: 1 })).toThrow(ResponseSerializationError);
    expect(() => checked({ results: [], status: 'maybe', when: null, count: 1 })).toThrow(ResponseSerializationError);
    expect(() => checked({ results: [], status: null, when: null, count: 1.5 })).toThrow(ResponseSerializationError);
    // In production the same answer is written without the check, coerced to the schema's types.
    expect(JSON.parse(serializerFor(Answer, false)({ results: [], status: null, when: null, count: 1.5 }))).toMatchObject({ count: 1 });
  });

  it('writes a kept answer once per route and serves that text again; an answer not kept is written each time', () => {
    const write = serializerFor(Answer, false);
    const other = serializerFor(z.object({ count: z.number().int() }), false);
    const kept = keptAnswer({ results: [person], status: 'open' as const, when: null, count: 1 });
    const fresh = { results: [person], status: 'open' as const, when: null, count: 1 };
    const first = write(kept);
    expect(JSON.parse(first)).toEqual({ results: [person], status: 'open', when: null, count: 1 });
    expect(write(fresh)).toBe(first);
    // Nothing changes a kept answer once kept; were something to, the text written first is what is served (the
    // proof that it is not written again), while an answer not kept is written as it is now.
    kept.count = 2;
    fresh.count = 2;
    expect(write(kept)).toBe(first);
    expect(JSON.parse(write(fresh))).toMatchObject({ count: 2 });
    // Another route's serializer writes the same kept answer with its own schema.
    expect(JSON.parse(other(kept))).toEqual({ count: 2 });
    // Outside production every answer is checked and written, kept or not.
    expect(JSON.parse(serializerFor(Answer, true)(kept))).toMatchObject({ count: 2 });
  });

  it('refuses an answer missing a required field, checked or not', () => {
    expect(() => serializerFor(Answer, false)({ results: [], status: null, when: null })).toThrow(/count/);
    expect(() => serializerFor(Answer, true)({ results: [], status: null, when: null })).toThrow(ResponseSerializationError);
  });

  it('leaves a schema JSON Schema cannot say (a transform) to zod, which writes what the transform gives', () => {
    const Shouted = z.object({ name: z.string().transform((name) => name.toUpperCase()) });
    expect(compileAnswer(Shouted)).toBeNull();
    // A transform cannot be run backwards: zod refuses to write the answer, as it did before the compiled serializers.
    expect(() => serializerFor(Shouted, false)({ name: 'maya' })).toThrow();
  });
});
