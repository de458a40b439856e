import { afterEach, beforeEach, vi } from 'vitest';

// A test fails on an unexpected console.error or console.warn.
let unexpected: string[] = [];
beforeEach(() => {
  unexpected = [];
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      unexpected.push(`console.${level}: ${args.map(String).join(' ')}`);
    });
  }
});
afterEach(() => {
  vi.restoreAllMocks();
  if (unexpected.length) throw new Error(`Unexpected console output:\n${unexpected.join('\n')}`);
});
