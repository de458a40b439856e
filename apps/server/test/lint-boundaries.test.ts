import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The repository's own lint configuration, asked about code as if it stood in a given file. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: root });
async function restrictedImports(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('server module boundaries (lint)', () => {
  it('refuses a module reaching into another module\'s files, and allows its index.ts', async () => {
    const deep = await restrictedImports('apps/server/src/modules/directory/example.ts', "import { isOperator } from '../users/roles.ts';\nexport const x = isOperator;\n");
    expect(deep).toEqual([expect.stringMatching(/through its index\.ts/)]);
    const surface = await restrictedImports('apps/server/src/modules/directory/example.ts', "import { isOperator } from '../users/index.ts';\nexport const x = isOperator;\n");
    expect(surface).toEqual([]);
  });

  it('refuses app.ts or a lib file importing a module\'s files directly', async () => {
    expect(await restrictedImports('apps/server/src/app.ts', "import { notify } from './modules/notifications/service.ts';\nexport const x = notify;\n")).toHaveLength(1);
    expect(await restrictedImports('apps/server/src/lib/example.ts', "import { notify } from '../modules/notifications/service.ts';\nexport const x = notify;\n")).toHaveLength(1);
    expect(await restrictedImports('apps/server/src/app.ts', "import { notify } from './modules/notifications/index.ts';\nexport const x = notify;\n")).toEqual([]);
  });

  it('lets a module\'s own tests reach inside it', async () => {
    expect(await restrictedImports('apps/server/src/modules/directory/directory.test.ts', "import { isOperator } from '../users/roles.ts';\nexport const x = isOperator;\n")).toEqual([]);
  });
}, 60_000);
