/**
 * The import boundaries of eslint.config.js (docs/conventions.md) still bite: each rule
 * is fed a small fixture that breaks it, as if it stood at a real place in the repository, and must
 * be refused; a legal import beside it must pass. A resolver that stopped resolving, a zone that
 * no longer matched, or a rule switched off would otherwise let every boundary go silently.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// The fixtures are not in any tsconfig: lint them without type information (the type-aware rules
// are not what this test is about).
const eslint = new ESLint({
  cwd: root,
  overrideConfig: [{ files: ['**/*.ts', '**/*.tsx'], ...tseslint.configs.disableTypeChecked }],
});

async function ruleIdsFor(filePath: string, importLine: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${importLine}\nexport const used = imported;\n`, {
    filePath: path.join(root, filePath),
  });
  const fatal = result!.messages.filter((m) => m.fatal);
  if (fatal.length > 0) throw new Error(`${filePath} did not parse: ${fatal[0]!.message}`);
  return result!.messages.map((m) => m.ruleId ?? 'none');
}

describe('import boundaries (eslint.config.js)', () => {
  it.each([
    [
      'a service importing another service by path',
      'services/orders/src/orders/fixture.ts',
      "import { imported } from '../../../catalog/src/products/products.service.js';",
      'import-x/no-restricted-paths',
    ],
    [
      "a service's test importing another service's test support",
      'services/reporting/test/fixture.test.ts',
      "import { imported } from '../../orders/test/support/orders-env.js';",
      'import-x/no-restricted-paths',
    ],
    [
      'a service importing another service by package name',
      'services/orders/test/fixture.test.ts',
      "import { imported } from '@lr/catalog';",
      'no-restricted-imports',
    ],
    [
      'a service importing the gateway',
      'services/auth/src/fixture.ts',
      "import { imported } from '../../../gateway/src/config.js';",
      'import-x/no-restricted-paths',
    ],
    [
      'the gateway importing a service by path',
      'gateway/test/fixture.test.ts',
      "import { imported } from '../../services/auth/src/index.js';",
      'import-x/no-restricted-paths',
    ],
    [
      'the gateway importing a service by package name',
      'gateway/src/fixture.ts',
      "import { imported } from '@lr/reporting';",
      'no-restricted-imports',
    ],
    [
      'production code importing the test library',
      'services/catalog/src/fixture.ts',
      "import { imported } from '@lr/testing';",
      'no-restricted-imports',
    ],
    [
      'the store importing a workspace package other than the contracts',
      'web-store/src/lib/fixture.ts',
      "import { imported } from '@lr/nest-kit';",
      'no-restricted-imports',
    ],
    [
      'the console reaching the contracts by a path instead of the package',
      'web-admin/src/fixture.ts',
      "import { imported } from '../../libs/contracts/src/index';",
      'no-restricted-imports',
    ],
    [
      'the console importing server code by path',
      'web-admin/src/fixture.ts',
      "import { imported } from '../../gateway/src/config';",
      'import-x/no-restricted-paths',
    ],
    [
      'a store feature importing another feature',
      'web-store/src/features/cart/components/fixture.tsx',
      "import { imported } from '../../orders/order-filter';",
      'import-x/no-restricted-paths',
    ],
    [
      'shared store code importing a feature',
      'web-store/src/components/fixture.tsx',
      "import { imported } from '../features/orders/order-filter';",
      'import-x/no-restricted-paths',
    ],
  ])('refuses %s', async (_what, filePath, importLine, ruleId) => {
    expect(await ruleIdsFor(filePath, importLine)).toContain(ruleId);
  });

  it.each([
    [
      'a service importing its own code and the libraries',
      'services/orders/src/orders/fixture.ts',
      "import { imported } from './orders.repository.js';\nimport { SERVICE_NAMES } from '@lr/contracts';\nSERVICE_NAMES;",
    ],
    [
      'a service test starting other services through the test library',
      'services/reporting/test/fixture.test.ts',
      "import { imported } from '@lr/testing/services';",
    ],
    [
      'a store feature importing shared store code and the contracts',
      'web-store/src/features/cart/components/fixture.tsx',
      "import { imported } from '../../../lib/cart';\nimport { SERVICE_NAMES } from '@lr/contracts';\nSERVICE_NAMES;",
    ],
  ])('allows %s', async (_what, filePath, importLines) => {
    const boundaryRules = (await ruleIdsFor(filePath, importLines)).filter(
      (id) => id === 'import-x/no-restricted-paths' || id === 'no-restricted-imports',
    );
    expect(boundaryRules).toEqual([]);
  });
});
