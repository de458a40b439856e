import { z } from 'zod';
import { ApiError } from '../api/client.ts';

/**
 * The form field a schema path or a server `fields` key ("deal_price.amount_cents", "image_ids.0") belongs under: its
 * first segment when that is a field, or the field an alias names ({ location: 'address' }); null for none.
 */
export function fieldOfPath<F extends string>(fields: readonly F[], path: readonly PropertyKey[] | string, aliases: Readonly<Record<string, F>> = {}): F | null {
  const first = String(typeof path === 'string' ? path.split('.')[0] : path[0]);
  return aliases[first] ?? ((fields as readonly string[]).includes(first) ? (first as F) : null);
}

/**
 * What a form's schema finds wrong, the first message per field: `problem` notes one while the inputs' text is turned
 * into the contract's body, `check` runs the contract's own schema over that body and adds its issues under their fields.
 */
export function formProblems<F extends string>(fieldOf: (path: readonly PropertyKey[]) => F | null) {
  const problems = new Map<F, string>();
  const problem = (field: F, message: string) => {
    if (!problems.has(field)) problems.set(field, message);
  };
  /** The checked body, or z.NEVER with every problem on the context. */
  const check = <T>(schema: z.ZodType<T>, candidate: unknown, ctx: z.RefinementCtx): T => {
    const parsed = schema.safeParse(candidate);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = fieldOf(issue.path);
        if (field) problem(field, issue.message);
      }
    }
    if (problems.size > 0 || !parsed.success) {
      for (const [field, message] of problems) ctx.addIssue({ code: 'custom', path: [field], message });
      return z.NEVER;
    }
    return parsed.data;
  };
  return { problem, check };
}

/** The failure with each of the server's nested `fields` keys named as the form field it belongs under, for applyServerError. */
export function withFormFields(error: unknown, fieldOf: (key: string) => string | null): unknown {
  if (!(error instanceof ApiError) || !error.fields) return error;
  return new ApiError(error.status, error.code, error.message, Object.fromEntries(Object.entries(error.fields).map(([key, message]) => [fieldOf(key) ?? key, message])));
}
