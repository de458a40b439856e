/**
 * Every test fails on an unexpected console.error or console.warn (React act() warnings, prop-type
 * mistakes, library deprecations). A test that provokes one on purpose declares it first.
 */
type Level = 'error' | 'warn';

const unexpected: string[] = [];
let allowed: { level: Level; pattern: RegExp }[] = [];

function format(args: unknown[]): string {
  return args.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(' ');
}

function capture(level: Level) {
  return (...args: unknown[]) => {
    const text = format(args);
    if (allowed.some((rule) => rule.level === level && rule.pattern.test(text))) return;
    unexpected.push(`console.${level}: ${text}`);
  };
}

// Replaced outright rather than spied, so a test's vi.restoreAllMocks() cannot switch the check off.
console.error = capture('error');
console.warn = capture('warn');

/** Lets console output matching `pattern` through for the rest of the current test. */
export function allowConsole(level: Level, pattern: RegExp): void {
  allowed.push({ level, pattern });
}

export function takeUnexpectedConsoleCalls(): string[] {
  const calls = unexpected.splice(0);
  allowed = [];
  return calls;
}
