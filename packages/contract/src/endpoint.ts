import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One endpoint: its method, its path under /api exactly as the spec writes it, and its schemas. */
export type Endpoint<B extends z.ZodType | undefined = z.ZodType | undefined, R extends z.ZodType = z.ZodType> = {
  method: HttpMethod;
  path: string;
  /** Other spellings the spec lists for the same call; they resolve to the same handler. */
  aliases?: readonly string[];
  body: B;
  /** Path parameters and query string, when the call has them. */
  params?: z.ZodType;
  query?: z.ZodType;
  response: R;
  /** The status of a successful answer; 200 unless stated. */
  status?: 200 | 201 | 204;
  /**
   * Who may call it: anyone ('none'), anyone with the session used when there is one ('optional'), a signed-in account
   * ('required'), an approved vendor whose shop is not suspended ('vendor'), or a marketplace operator ('operator').
   * The roles are checked once, before the handler; ownership of rows stays the services' to check.
   */
  auth: 'none' | 'optional' | 'required' | 'vendor' | 'operator';
  summary: string;
};

/** Keeps each entry's literal types (auth, query, params), so routes and fetchers are typed by them. */
export function endpoint<const E extends Endpoint>(e: E): E {
  return e;
}
