/**
 * Every test fails on an unexpected console.error or console.warn (React act() warnings, prop-type
 * mistakes, library deprecations). A test that provokes one on purpose declares it first.
 */
type Level = 'error' | 'warn';

const unexpected: string[] = [];
let allowed: { level: Level; pattern: RegExp; seen: number }[] = [];

function format(args: unknown[]): string {
  return args.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(' ');
}

function capture(level: Level) {
  return (...args: unknown[]) => {
    const text = format(args);
    const rule = allowed.find((r) => r.level === level && r.pattern.test(text));
    if (rule) {
      rule.seen += 1;
      return;
    }
    unexpected.push(`console.${level}: ${text}`);
  };
}

// Replaced outright rather than spied, so a test's vi.restoreAllMocks() cannot switch the check off.
console.error = capture('error');
console.warn = capture('warn');

/**
 * Lets console output matching `pattern` through for the rest of the current test. Returns how many such calls came
 * so far: a test can wait for the logged failure, the last step of its handling, rather than sleep and hope.
 */
export function allowConsole(level: Level, pattern: RegExp): () => number {
  const rule = { level, pattern, seen: 0 };
  allowed.push(rule);
  return () => rule.seen;
}

export function takeUnexpectedConsoleCalls(): string[] {
  const calls = unexpected.splice(0);
  allowed = [];
  return calls;
}
