/** The constraint a statement broke when it failed on a unique index (SQLSTATE 23505), else null. */
export function violatedUniqueConstraint(error: unknown): string | null {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}

/**
 * Whether a statement failed on an exclusion constraint (SQLSTATE 23P01): two rows that must not overlap did (opening
 * hours of one day today; bookings of one slot next).
 */
export function violatedExclusion(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23P01') return true;
  }
  return false;
}

/**
 * The reason a statement gave when it refused (`turn_refused(reason)`, SQLSTATE LL409: the row it was to change no longer
 * qualified: a turn sent with its commit, db/batched.ts), else null.
 */
export function turnRefusal(error: unknown): string | null {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (code === 'LL409') return typeof message === 'string' ? message : '';
  }
  return null;
}
