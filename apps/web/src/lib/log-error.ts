/**
 * For failures the spec says are "only logged", with no message to the person (e.g. the notifications
 * panel). console.error so it shows in the browser's console as an error; a test that provokes one
 * declares it with allowConsole('error', /…/), as the test setup fails on any undeclared one.
 */
export function logError(context: string, error: unknown): void {
  console.error(`[LocalLoop] ${context}:`, error instanceof Error ? error.message : error);
}
