import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditLogs, findSecrets, harvestSecrets, isIban } from '../../../scripts/log-audit.mjs';
import { redactUrl } from '../src/lib/logging.ts';

/**
 * The log audit that ends `npm test` (scripts/log-audit.mjs) finds what it looks for: a planted secret of each kind is
 * reported, and the lines the server really writes (redacted) are not. Without this, an audit that found nothing would
 * prove nothing.
 */
const line = (fields: Record<string, unknown>) => JSON.stringify({ level: 30, time: 1, pid: 1, hostname: 'vm', ...fields });
const jwt = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ0eXAiOiJhY2Nlc3MiLCJzdWIiOiIzNjI1YjZlNy05NjdkIn0.c2lnbmF0dXJlLXNpZ25hdHVyZQ';
const refresh = 'Q2xKmX0pLw3v_-9RtYb7uNcZ1aHdEfGiJkLmNoPqRsT';
const ticket = 'aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY';

describe('the log audit', () => {
  it.each([
    ['a bearer token', line({ headers: { authorization: `Bearer ${jwt}` } }), 'a JWT'],
    ['a refresh token in a message', line({ msg: `refresh ${refresh} rotated` }), 'a random token (ticket, refresh token, QR signature)'],
    ['a ticket in an unredacted URL', line({ req: { url: `/api/ws?ticket=${ticket}` } }), 'a secret in a URL'],
    ['a calendar link', line({ req: { url: '/api/calendar/c2VjcmV0LXRva2Vu.ics' } }), 'a secret in a URL'],
    ['an IBAN', line({ msg: 'saved DE89370400440532013000' }), 'an IBAN'],
    ['a code sent', line({ msg: 'Your LocalLoop code is 482913' }), 'a six-digit code'],
    ['a code field', line({ otp: '482913' }), 'a six-digit code'],
    ['a password field', line({ body: { password: 'hunter2hunter2' } }), 'a field named after a secret'],
    ["a document's path", line({ key: 'documents/0b9f6a52-8f5b-4b8f-9d3f-2d3f1c2b1a00/1c9f6a52-8f5b-4b8f-9d3f-2d3f1c2b1a00.pdf' }), "an identity document's path"],
  ])('reports %s', (_label, text, rule) => {
    expect(findSecrets(text).map((f) => f.rule)).toContain(rule);
  });

  it("reports a test's own password, harvested from the sources", () => {
    const literals = harvestSecrets();
    // createAccount's default password, the sweep's, the demo accounts', a test IBAN.
    expect(literals).toEqual(expect.arrayContaining(['correct-horse-battery', 'Pale-Orange-Kettle-42', 'demo-password-1', 'DE89370400440532013000']));
    expect(findSecrets(line({ msg: 'login with correct-horse-battery' }), literals).map((f) => f.rule)).toContain("a test's own password or bank number");
  });

  it('passes the lines the server writes, redacted', () => {
    const clean = [
      line({ reqId: 'req-1', req: { method: 'GET', url: redactUrl(`/api/ws?ticket=${ticket}`), host: 'localhost:80', remoteAddress: '127.0.0.1' }, msg: 'incoming request' }),
      line({ req: { url: redactUrl('/api/calendar/c2VjcmV0LXRva2Vu.ics') } }),
      line({ headers: { authorization: '[Redacted]', cookie: '[Redacted]' } }),
      line({ reqId: 'req-2', res: { statusCode: 400 }, responseTime: 1.7, msg: 'request completed' }),
      line({ err: { type: 'DatabaseError', code: '23505', constraint: 'users_email_key', message: 'duplicate key value violates unique constraint "…"' } }),
      line({ msg: 'LocalLoop is ready at http://localhost:3000 (database: PGlite in /tmp/localloop-e2e-AbC123)' }),
      line({ url: '/api/deals/details/0b9f6a52-8f5b-4b8f-9d3f-2d3f1c2b1a00/' }),
      // A built chunk's name is as long and mixed as a token; a response time's digits hold a routing number.
      line({ req: { url: '/assets/vendor-react-dom-client-BcD3eF9gH.js' } }),
      line({ responseTime: 2.72101100160057 }),
    ];
    for (const text of clean) expect(findSecrets(text, ['correct-horse-battery', '011000016']), text).toEqual([]);
    expect(findSecrets(line({ msg: 'routing 011000016 saved' }), ['011000016'])).toHaveLength(1);
  });

  it('checks an IBAN by its check digits', () => {
    expect(isIban('DE89370400440532013000')).toBe(true);
    expect(isIban('GB82WEST12345698765432')).toBe(true);
    expect(isIban('DE88370400440532013000')).toBe(false);
  });

  it('reads every file of a folder and says where each finding is', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'localloop-logs-'));
    try {
      writeFileSync(path.join(dir, 'a.ndjson'), `${line({ msg: 'fine' })}\n${line({ msg: `token ${jwt}` })}\n`);
      writeFileSync(path.join(dir, 'b.log'), 'plain text\n');
      const result = auditLogs(dir, []);
      expect(result).toMatchObject({ files: 2, lines: 3 });
      expect(new Set(result.findings.map((f) => f.where))).toEqual(new Set(['a.ndjson:2']));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
