// ESLint flat config: type-aware rules for promises and exhaustive switches on the TypeScript code,
// and the boundaries between the parts (docs/conventions.md).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const SERVICES = ['auth', 'catalog', 'orders', 'reporting'];
// Read from the folder so that a new feature is kept apart from the others without editing this file.
const STORE_FEATURES = readdirSync(new URL('./web-store/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const NO_SERVICE_IN_SERVICE =
  'A service never imports another service (or the gateway): share through libs/, talk over NATS; tests start other services through @lr/testing/services.';
const NO_SERVICE_IN_GATEWAY =
  'The gateway never imports a service: it calls them over NATS (subjects in libs/contracts); tests start them through @lr/testing/services.';
const BROWSER_CONTRACTS_ONLY =
  'Browser code imports only @lr/contracts among the workspace packages (never server code, never the other app).';
const NO_FEATURE_IN_FEATURE =
  'Store features do not import each other: move what they share to web-store/src/lib or web-store/src/components.';
const NO_FEATURE_IN_SHARED =
  'Shared store code (lib, components) imports no feature and not the app: it is what they build on.';
const NO_TEST_CODE_IN_PRODUCTION = 'Production code never imports the test library.';

/**
 * Where code may not import from, by resolved file path (relative imports included, whatever their
 * depth). Bare package names are refused by `no-restricted-imports` below, which needs no build.
 */
const boundaryZones = [
  ...SERVICES.map((name) => ({
    target: `./services/${name}`,
    from: './services',
    except: [`./${name}`],
    message: NO_SERVICE_IN_SERVICE,
  })),
  { target: './services', from: './gateway', message: NO_SERVICE_IN_SERVICE },
  { target: './gateway', from: './services', message: NO_SERVICE_IN_GATEWAY },
  ...['web-store', 'web-admin'].map((app) => ({
    target: `./${app}`,
    from: [
      './services',
      './gateway',
      './libs/nest-kit',
      './libs/testing',
      app === 'web-store' ? './web-admin' : './web-store',
    ],
    message: BROWSER_CONTRACTS_ONLY,
  })),
  ...STORE_FEATURES.map((feature) => ({
    target: `./web-store/src/features/${feature}`,
    from: './web-store/src/features',
    except: [`./${feature}`],
    message: NO_FEATURE_IN_FEATURE,
  })),
  {
    target: ['./web-store/src/lib', './web-store/src/components'],
    from: ['./web-store/src/features', './web-store/src/app'],
    message: NO_FEATURE_IN_SHARED,
  },
];

/** `no-restricted-imports` options for code under a service (`service`) or the gateway (`null`). */
function serverImports(service, { production }) {
  const otherServices = SERVICES.filter((s) => s !== service).map((s) => `@lr/${s}`);
  const refused = service ? [...otherServices, '@lr/gateway'] : otherServices;
  const message = service ? NO_SERVICE_IN_SERVICE : NO_SERVICE_IN_GATEWAY;
  const apps = ['@lr/web-store', '@lr/web-admin'];
  const testing = production ? ['@lr/testing', '@lr/testing/services'] : [];
  return {
    paths: [
      ...[...refused, ...apps].map((name) => ({ name, message })),
      ...testing.map((name) => ({ name, message: NO_TEST_CODE_IN_PRODUCTION })),
    ],
  };
}

const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx', '**/test/**'];

/** One config object per scope: a rule's options in a later matching object replace earlier ones. */
const serverBoundaries = [...SERVICES, null].flatMap((service) => {
  const root = service ? `services/${service}` : 'gateway';
  return [
    {
      files: [`${root}/**/*.{ts,tsx,js,mjs}`],
      rules: { 'no-restricted-imports': ['error', serverImports(service, { production: false })] },
    },
    {
      files: [`${root}/src/**/*.ts`],
      ignores: TEST_FILES,
      rules: { 'no-restricted-imports': ['error', serverImports(service, { production: true })] },
    },
  ];
});

const browserBoundaries = {
  files: ['web-store/**/*.{ts,tsx}', 'web-admin/**/*.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { group: ['@lr/*', '!@lr/contracts'], message: BROWSER_CONTRACTS_ONLY },
          // The contracts as a package (its entry point), not by a path into the repository.
          { regex: '^(\\.\\./)+libs/', message: BROWSER_CONTRACTS_ONLY },
        ],
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'coverage/**',
      'e2e/screenshots/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
          // Server code imports its TypeScript files by their compiled .js names (NodeNext).
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
    },
  },
  ...serverBoundaries,
  browserBoundaries,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Tests are outside the build projects; they get the syntax rules, not the type-aware ones.
    files: [
      '**/*.test.ts',
      '**/*.test.tsx',
      '**/test/**/*.ts',
      '**/test/**/*.tsx',
      'e2e/**/*.ts',
      'bench/**/*.ts',
    ],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // .cjs files (test stubs) are CommonJS on purpose.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
