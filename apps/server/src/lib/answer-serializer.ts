import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * How answers are written: by a serializer compiled once per route from the route's zod answer schema (its JSON Schema,
 * through fast-json-stringify, Fastify's own serializer). It writes the schema's properties in the schema's order and
 * nothing else, so a column the schema does not name never leaves the server, as with zod's parse before.
 *
 * It does not check types: where zod's check and JSON.stringify took 146 µs for a page of 50 chat messages, it takes
 * 35 µs (a profile of a signed-in activity page put zod's check at 22 % of the server's CPU). So outside production
 * (`check`, as in every test) each answer is also checked by zod as before, a wrong answer is a 500 there, and the
 * compiled serializer's text must equal what zod's answer would have written: a route whose answer the two would write
 * differently fails its test, not a customer. Schemas JSON Schema cannot say (a transform) keep zod's check.
 */
export function answerSerializerCompiler({ check }: { check: boolean }): FastifySerializerCompiler<unknown> {
  return ({ schema: maybeSchema, method, url }) => {
    const schema = zodSchemaOf(maybeSchema);
    const compiled = compileAnswer(schema);
    /** What fastify-type-provider-zod wrote: zod's answer (unnamed keys dropped), after zod's check. */
    const checked = (data: unknown) => {
      const result = z.safeEncode(schema, data);
      if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
      return JSON.stringify(result.data);
    };
    if (!compiled) return checked;
    if (!check) return textOnce(compiled);
    return (data) => {
      const expected = checked(data);
      const text = compiled(data);
      if (text !== expected && !isDeepStrictEqual(JSON.parse(text), JSON.parse(expected))) {
        throw new Error(`The compiled answer of ${method} ${url} differs from its schema's: ${text.slice(0, 500)} against ${expected.slice(0, 500)}`);
      }
      return text;
    };
  };
}

/**
 * Answers kept and served again as they are, to everyone who asks the same (lib/answer-cache.ts marks each as it keeps
 * it). Nothing changes a kept answer after it is kept (it is shared by every asker), so its text is written once per
 * route and reused: a kept page of 50 chat messages is served thousands of times a second at scale.
 */
const keptAnswers = new WeakSet<object>();

/** Marks `answer` as kept (see keptAnswers) and gives it back. */
export function keptAnswer<T extends object>(answer: T): T {
  keptAnswers.add(answer);
  return answer;
}

/** The route's serializer, writing each kept answer's text once (the text lives as long as the answer). */
function textOnce(serialize: (data: unknown) => string): (data: unknown) => string {
  const texts = new WeakMap<object, string>();
  return (data) => {
    if (typeof data !== 'object' || data === null || !keptAnswers.has(data)) return serialize(data);
    let text = texts.get(data);
    if (text === undefined) texts.set(data, (text = serialize(data)));
    return text;
  };
}

/**
 * Compiled serializers by schema, once per process: the schemas are the contract's constants, and compiling the 142
 * endpoints' takes about 0.6 s of CPU, which every app the tests build (hundreds a run) paid again without this.
 */
const compiledBySchema = new WeakMap<z.ZodType, ((data: unknown) => string) | null>();

/** The serializer fast-json-stringify compiles from the schema, or null when JSON Schema cannot say it (a transform). */
export function compileAnswer(schema: z.ZodType): ((data: unknown) => string) | null {
  if (compiledBySchema.has(schema)) return compiledBySchema.get(schema) ?? null;
  const compiled = compile(schema);
  compiledBySchema.set(schema, compiled);
  return compiled;
}

function compile(schema: z.ZodType): ((data: unknown) => string) | null {
  let jsonSchema: Record<string, unknown>;
  try {
    // OpenAPI 3.0's dialect says "or null" as `nullable: true`, which fast-json-stringify writes directly; the draft
    // dialects' anyOf [X, null] would make it validate each value against X with Ajv to choose.
    jsonSchema = z.toJSONSchema(schema, { io: 'output', target: 'openapi-3.0', unrepresentable: 'throw' }) as Record<string, unknown>;
  } catch {
    return null;
  }
  // Ajv's checks that choose a union's branch are compiled now, not at the first answer that needs one: a schema they
  // cannot take fails when the app starts (and in the test of every endpoint), not in front of a customer.
  return fastJson(withoutChecks(jsonSchema) as Parameters<typeof fastJson>[0], { compileValidators: true });
}

/**
 * The schema without what only a validator reads (patterns, lengths, bounds): the serializer never checks them, and
 * inside a union (anyOf) they would be compiled into the Ajv check that chooses the branch.
 */
function withoutChecks(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutChecks);
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if (validatorOnly.has(key)) continue;
    // Zod drops keys its object does not name; so does the serializer without `additionalProperties: false`, which in a
    // union's branch would make Ajv refuse an answer that carries one more column than the branch names.
    if (key === 'additionalProperties' && child === false) continue;
    // `format` stays for the dates (a Date is written as its ISO string); uuid, email and the like are checks only.
    if (key === 'format' && !(typeof child === 'string' && dateFormats.has(child))) continue;
    // Inside `properties` the keys are the answer's own field names, not keywords.
    out[key] = key === 'properties' ? Object.fromEntries(Object.entries(child as object).map(([name, s]) => [name, withoutChecks(s)])) : withoutChecks(child);
  }
  // An enum that may be null lists null (OpenAPI 3.0's rule, which Ajv follows when it chooses a union's branch).
  if (out.nullable === true && Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  // A union that may be null: Ajv takes `nullable` only beside a `type`, so null becomes one more branch.
  if (out.nullable === true && !('type' in out)) {
    const { nullable: _nullable, anyOf, ...rest } = out;
    return Array.isArray(anyOf) && Object.keys(rest).length === 0 ? { anyOf: [...anyOf, { type: 'null' }] } : { anyOf: [rest, { type: 'null' }] };
  }
  return out;
}

const validatorOnly = new Set(['pattern', 'minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minItems', 'maxItems', 'multipleOf', '$schema']);
const dateFormats = new Set(['date-time', 'date', 'time']);

/** The route's answer schema: a zod schema, or one under `properties` (as fastify-type-provider-zod accepts it). */
function zodSchemaOf(maybeSchema: unknown): z.ZodType {
  if (maybeSchema instanceof z.core.$ZodType) return maybeSchema as z.ZodType;
  const properties = (maybeSchema as { properties?: unknown } | null)?.properties;
  if (properties instanceof z.core.$ZodType) return properties as z.ZodType;
  throw new Error(`An answer schema that is not a zod schema: ${JSON.stringify(maybeSchema)}`);
}
