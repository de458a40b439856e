import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The repository's own lint configuration, asked about code as if it stood in a given file of the web app. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: root });
async function refusedImports(file: string, importPath: string): Promise<string[]> {
  const code = `import * as imported from '${importPath}';\nexport const x = imported;\n`;
  const [result] = await eslint.lintText(code, { filePath: path.join(root, 'apps/web/src', file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

describe('web layer boundaries (lint)', () => {
  it('refuses a feature importing another feature, and allows its own files', async () => {
    expect(await refusedImports('features/vendors/example.ts', '../directory/format.ts')).toEqual([
      expect.stringMatching(/One feature never imports another/),
    ]);
    expect(await refusedImports('features/directory/components/example.ts', '../../vendors/kyc-steps.ts')).toHaveLength(1);
    expect(await refusedImports('features/directory/components/example.ts', '../format.ts')).toEqual([]);
  });

  it('fences in every folder of features/, whether or not anyone listed it', async () => {
    // location was missing from the old hand-written list; brand-new does not exist at all.
    expect(await refusedImports('features/location/example.ts', '../directory/format.ts')).toHaveLength(1);
    expect(await refusedImports('features/brand-new/example.ts', '../directory/format.ts')).toHaveLength(1);
    expect(await refusedImports('features/directory-extra/example.ts', '../directory/format.ts')).toHaveLength(1);
  });

  it('refuses a feature importing the shell, app/ or the route table', async () => {
    for (const above of ['../../shell/layout.tsx', '../../app/App.tsx', '../../app/pages/add-address-page.tsx', '../../routes.tsx']) {
      expect(await refusedImports('features/directory/example.ts', above)).toEqual([expect.stringMatching(/sit above features/)]);
    }
  });

  it('lets a feature import components, lib, session, the API client and paths', async () => {
    for (const below of ['../../components/spinner.tsx', '../../lib/format-date.ts', '../../session/auth-context.tsx', '../../api/client.ts', '../../paths.ts']) {
      expect(await refusedImports('features/directory/example.ts', below)).toEqual([]);
    }
  });

  it('keeps components and lib below features', async () => {
    expect(await refusedImports('components/example.ts', '../features/directory/format.ts')).toHaveLength(1);
    expect(await refusedImports('components/example.ts', '../shell/layout.tsx')).toHaveLength(1);
    expect(await refusedImports('components/example.ts', '../lib/format-date.ts')).toEqual([]);
    expect(await refusedImports('lib/example.ts', '../components/spinner.tsx')).toHaveLength(1);
    expect(await refusedImports('lib/example.ts', '../features/directory/format.ts')).toHaveLength(1);
  });

  it('lets the routing layer compose features', async () => {
    expect(await refusedImports('app/pages/example.ts', '../../features/location/geocoding.ts')).toEqual([]);
    expect(await refusedImports('routes.tsx', './features/directory/format.ts')).toEqual([]);
  });
}, 60_000);
