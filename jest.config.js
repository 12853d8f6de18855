/**
 * One jest run for the whole repository. Back-end code is ESM TypeScript compiled by swc
 * (decorator metadata on, for NestJS); each web app brings its own jest.config.js.
 */
import { existsSync } from 'node:fs';

const swcBackend = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'es6' },
    sourceMaps: 'inline',
  },
];

function backend(name, roots, extra = {}) {
  return {
    displayName: name,
    testEnvironment: 'node',
    roots,
    transform: { '^.+\\.ts$': swcBackend },
    extensionsToTreatAsEsm: ['.ts'],
    moduleNameMapper: {
      '^@lr/(contracts|nest-kit|testing)$': '<rootDir>/libs/$1/src/index.ts',
      '^@lr/testing/services$': '<rootDir>/libs/testing/src/services/index.ts',
      // Only libs/testing/services imports a service by name (eslint.config.js keeps it so).
      '^@lr/(auth|catalog|orders|reporting)$': '<rootDir>/services/$1/src/index.ts',
      '^(\\.{1,2}/.*)\\.js$': '$1',
    },
    testMatch: ['**/*.test.ts'],
    testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    // One authorized nats-server for the run (the same file for every project: it runs once).
    globalSetup: '<rootDir>/test/support/nats-global-setup.mjs',
    globalTeardown: '<rootDir>/test/support/nats-global-teardown.mjs',
    ...extra,
  };
}

export const SUITE_NAMES = [
  'libs',
  'auth',
  'catalog',
  'orders',
  'reporting',
  'gateway',
  'platform',
  'web-store',
  'web-admin',
  'e2e',
];

const suites = process.env.LR_TEST_SUITES
  ? process.env.LR_TEST_SUITES.split(',').map((name) => name.trim())
  : null;
const unknown = suites?.filter((name) => !SUITE_NAMES.includes(name)) ?? [];
if (unknown.length > 0) {
  // Jest would otherwise fall back to a default configuration and fail in confusing ways.
  throw new Error(
    `LR_TEST_SUITES names no such suite: ${unknown.join(', ')}. Valid names: ${SUITE_NAMES.join(', ')}`,
  );
}
const wanted = (name) => !suites || suites.includes(name);

const projects = [
  backend('libs', ['<rootDir>/libs']),
  backend('auth', ['<rootDir>/services/auth']),
  backend('catalog', ['<rootDir>/services/catalog']),
  backend('orders', ['<rootDir>/services/orders']),
  backend('reporting', ['<rootDir>/services/reporting']),
  backend('gateway', ['<rootDir>/gateway']),
  backend('platform', ['<rootDir>/test'], {
    // `npm test` runs the scale-out test and the short bench (test/alone) on their own afterwards:
    // their stacks under load would starve whatever shared the machine with them.
    testPathIgnorePatterns: [
      '/node_modules/',
      '/dist/',
      ...(process.env.LR_SCALE_APART === 'true' ? ['/test/scale/', '/test/alone/'] : []),
    ],
  }),
].filter((p) => wanted(p.displayName));

for (const app of ['web-store', 'web-admin', 'e2e']) {
  if (wanted(app) && existsSync(new URL(`./${app}/jest.config.js`, import.meta.url)))
    projects.push(`<rootDir>/${app}`);
}

export default {
  projects,
  testTimeout: 60_000,
  // A worker keeps every test file's modules (NestJS apps, drivers, compiled code) for its whole
  // life; a worker grown that large took longer to exit than jest's grace at the end of the run
  // and was killed ("A worker process has failed to exit gracefully"). Past this much heap a
  // worker is replaced between test files (docs/adr/0310).
  workerIdleMemoryLimit: '1GB',
};
