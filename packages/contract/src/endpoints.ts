import type { z } from 'zod';
import { LoginInput, LoginResponse, LogoutInput, MessageResponse, TokenRefreshInput, TokenRefreshResponse } from './auth.ts';
import { HealthResponse } from './health.ts';

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
  auth: 'none' | 'optional' | 'required';
  summary: string;
};

function endpoint<B extends z.ZodType | undefined, R extends z.ZodType>(e: Endpoint<B, R>): Endpoint<B, R> {
  return e;
}

export const endpoints = {
  health: endpoint({
    method: 'GET',
    path: '/health',
    body: undefined,
    response: HealthResponse,
    auth: 'none',
    summary: 'Liveness and database reachability',
  }),
  login: endpoint({
    method: 'POST',
    path: '/login/v2/',
    body: LoginInput,
    response: LoginResponse,
    auth: 'none',
    summary: 'Log in with e-mail and password',
  }),
  tokenRefresh: endpoint({
    method: 'POST',
    path: '/token/refresh/',
    body: TokenRefreshInput,
    response: TokenRefreshResponse,
    auth: 'none',
    summary: 'Exchange a refresh token for a new access and refresh token (rotation)',
  }),
  logout: endpoint({
    method: 'POST',
    path: '/logout/',
    body: LogoutInput,
    response: MessageResponse,
    auth: 'none',
    summary: 'End this session: revokes the refresh token and every token rotated from it',
  }),
} as const;

export type EndpointName = keyof typeof endpoints;
export type BodyOf<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : undefined;
export type ResponseOf<E extends Endpoint> = z.infer<E['response']>;
