/**
 * Zod checks answers without compiling code at run time (its "JIT", which builds a parser with `new Function`). The
 * app's Content-Security-Policy allows no eval, so the JIT could never run here; yet zod probes for it the first time
 * it builds an object schema, and the browser reports the refused probe as a CSP violation (Chrome's Issues panel,
 * Lighthouse's best practices). `jitless` skips the probe; it must be set before any schema is built, so main.tsx
 * imports this module first. The server, which has no such policy and parses thousands of requests, keeps the JIT.
 *
 * Set through the object zod keeps its settings in, on globalThis (so that copies of zod in one page share them; zod
 * takes the object it finds there): importing zod here would put its whole API into the entry chunk every page loads
 * (11 KB gzip). zod-without-eval.test.ts checks that zod reads it.
 */
const shared = globalThis as { __zod_globalConfig?: Record<string, unknown> };
shared.__zod_globalConfig = Object.assign(shared.__zod_globalConfig ?? {}, { jitless: true });
