import { describe, expect, it } from 'vitest';
import './zod-without-eval.ts';
import { z } from 'zod';

describe('zod in the browser', () => {
  it('builds and checks schemas without compiling code (no eval probe under the CSP)', () => {
    expect(z.config().jitless).toBe(true);
    expect(z.object({ id: z.string() }).safeParse({ id: 'x' }).success).toBe(true);
  });
});
