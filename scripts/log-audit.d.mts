// Types of scripts/log-audit.mjs, for the server's test of it (apps/server/test/log-audit.test.ts).
export type Finding = { rule: string; value: string };
export function isIban(candidate: string): boolean;
export function harvestSecrets(dirs?: string[]): string[];
export function findSecrets(line: string, literals?: string[]): Finding[];
export function auditLogs(dir: string, literals?: string[]): { files: number; lines: number; bytes: number; literals: number; findings: Array<Finding & { where: string; line: string }> };
