// The log audit: no password, one-time code, token, ticket, bank number or identity document's path in the logs the
// whole test suite wrote (`npm test` keeps them in .test-results/logs: every app a server test builds logs at trace
// level, every server process a test starts and the browser tests' server at warn; apps/server/test/log-capture.ts).
//
// What it looks for:
// - the secrets the tests themselves use: every password, IBAN and account number written as a literal in a test,
//   fixture or the demo seed (harvested from the sources, so a new test's password is looked for without a list);
// - secrets by their shape: a JWT, a 32- or 43-character random token (tickets, refresh tokens, QR signatures), an IBAN
//   whose check digits hold, a six-digit code next to the word code, an identity document's storage path, a ticket,
//   token or calendar link in a URL that was not redacted, a field named after a secret holding a value.
// Run by itself: `node scripts/log-audit.mjs [DIR] [--report FILE]`. Exits 1 on any finding, or when the logs are too few
// to mean much; --report writes {passed, failed} (one test) for npm test's count.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Fields whose value is a secret: present with anything but the redaction marker is a leak. */
const SECRET_FIELDS = /"(password|new_password|current_password|otp|ticket|access|refresh|access_token|refresh_token|iban|account_number|routing_number|authorization|cookie|sig|secret|credential)"\s*:\s*"(?!\[Redacted\])[^"]/i;

/** True when an IBAN's check digits hold (ISO 13616, mod 97). */
export function isIban(candidate) {
  const moved = candidate.slice(4) + candidate.slice(0, 4);
  const digits = moved.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest === 1;
}

const hasMixedCase = (s) => /[a-z]/.test(s) && /[A-Z]/.test(s) && /\d/.test(s);

/** The shapes a secret has: [rule, pattern, optional check of the match]. */
const SHAPES = [
  ['a JWT', /eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]*/g],
  // Not a file's name (a built chunk, /assets/vendor-react-BcD3eF9g.js, is as long and as mixed).
  ['a random token (ticket, refresh token, QR signature)', /(?<![A-Za-z0-9_-])(?:[A-Za-z0-9_-]{32}|[A-Za-z0-9_-]{43}|[A-Za-z0-9_-]{64})(?![A-Za-z0-9_-]|\.[a-z0-9]{2,5}\b)/g, hasMixedCase],
  ['an IBAN', /(?<![A-Z0-9])[A-Z]{2}\d{2}[A-Z0-9]{11,30}(?![A-Z0-9])/g, isIban],
  ['a six-digit code', /"(?:otp|code|verification_code)"\s*:\s*"?\d{6}(?!\d)|\bcode(?: is)?:?\s+\d{6}\b/gi],
  ["an identity document's path", /documents\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.[a-z]+/g],
  ['a secret in a URL', /[?&](?:ticket|token)=(?!\[redacted\])[^&\s"#]|\/calendar\/(?!\[redacted\])[^/\s"?#]+\.ics/g],
  ['a field named after a secret', new RegExp(SECRET_FIELDS.source, 'gi')],
];

/** Source files whose literals are the suite's own secrets. */
function sourceFiles(dir, out = []) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) sourceFiles(full, out);
    else if (/\.(ts|tsx|mjs)$/.test(name)) out.push(full);
  }
  return out;
}

/** Every password, IBAN and bank account number the tests and the seed write as a literal. */
export function harvestSecrets(dirs = ['apps/server/src', 'apps/server/test', 'apps/web/e2e', 'apps/web/src'].map((d) => path.join(root, d))) {
  // `password: '…'`, `new_password = '…'`, `opts.password ?? '…'`, `DEMO_PASSWORD = '…'`, `iban: '…'`.
  const literal = /\b(\w*password|iban|account_number|routing_number)\s*(?:[:=]|\?\?)\s*(['"`])([^'"`\s${}]{8,})\2/gi;
  // A password worth looking for has a letter and a digit or a dash (not a bare word that names a field or a page); a
  // bank number may be digits only.
  const worth = (name, value) => (/^(iban|account_number|routing_number)$/i.test(name) ? /\d{6}/.test(value) : /[A-Za-z]/.test(value) && /[\d-]/.test(value) && !/[@()]/.test(value));
  const found = new Set();
  for (const dir of dirs) {
    for (const file of sourceFiles(dir)) {
      for (const m of readFileSync(file, 'utf8').matchAll(literal)) if (worth(m[1], m[3])) found.add(m[3]);
    }
  }
  return [...found];
}

/** A number's pattern as a whole number only (a routing number is not found inside a response time's digits), made once. */
const numberPatterns = new Map();
function wholeNumber(secret) {
  let pattern = numberPatterns.get(secret);
  if (!pattern) numberPatterns.set(secret, (pattern = new RegExp(`(?<!\\d)${secret}(?!\\d)`)));
  return pattern;
}

/** What in one line of a log looks like a secret: [{rule, value}]. */
export function findSecrets(line, literals = []) {
  const findings = [];
  for (const [rule, pattern, check] of SHAPES) {
    for (const m of line.matchAll(pattern)) if (!check || check(m[0])) findings.push({ rule, value: m[0] });
  }
  for (const secret of literals) {
    const found = /^\d+$/.test(secret) ? wholeNumber(secret).test(line) : line.includes(secret);
    if (found) findings.push({ rule: "a test's own password or bank number", value: secret });
  }
  return findings;
}

const mask = (value) => (value.length <= 8 ? '****' : `${value.slice(0, 4)}…${value.slice(-2)} (${value.length} chars)`);

/** Reads every log in `dir`; returns what it read and found. */
export function auditLogs(dir, literals = harvestSecrets()) {
  let files = 0;
  let lines = 0;
  let bytes = 0;
  const findings = [];
  for (const name of readdirSync(dir)) {
    const text = readFileSync(path.join(dir, name), 'utf8');
    files += 1;
    bytes += text.length;
    text.split('\n').forEach((line, index) => {
      if (!line) return;
      lines += 1;
      for (const f of findSecrets(line, literals)) findings.push({ ...f, where: `${name}:${index + 1}`, line });
    });
  }
  return { files, lines, bytes, literals: literals.length, findings };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const reportAt = args.indexOf('--report');
  const report = reportAt >= 0 ? args.splice(reportAt, 2)[1] : null;
  const finish = (ok) => {
    if (report) writeFileSync(report, JSON.stringify({ passed: ok ? 1 : 0, failed: ok ? 0 : 1 }));
    process.exit(ok ? 0 : 1);
  };
  const dir = path.resolve(args[0] ?? path.join(root, '.test-results/logs'));
  // Fewer lines than this means the capture did not happen (a run without it proves nothing).
  const least = Number(process.env.LOG_AUDIT_MIN_LINES ?? 10_000);
  let result;
  try {
    result = auditLogs(dir);
  } catch (err) {
    console.log(`no logs to audit in ${dir}: ${err.message}`);
    finish(false);
  }
  const { files, lines, bytes, literals, findings } = result;
  console.log(`read ${lines} lines (${(bytes / 1e6).toFixed(1)} MB) in ${files} files; looked for ${literals} of the tests' own secrets and ${SHAPES.length} shapes of secret`);
  // The first few of each kind, each line shown with the secret masked.
  const byRule = new Map();
  for (const f of findings) byRule.set(f.rule, [...(byRule.get(f.rule) ?? []), f]);
  for (const [rule, list] of byRule) {
    console.log(`  ${rule}: ${list.length}`);
    for (const f of list.slice(0, 3)) console.log(`    ${f.where}: ${mask(f.value)}\n      ${f.line.slice(0, 400).replaceAll(f.value, mask(f.value))}`);
  }
  if (lines < least) console.log(`too few lines to mean anything (fewer than ${least}): were the logs kept (LOG_CAPTURE_DIR)?`);
  const ok = findings.length === 0 && lines >= least;
  console.log(ok ? 'no secret in the logs' : `${findings.length} secret(s) in the logs`);
  finish(ok);
}
