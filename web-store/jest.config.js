/**
 * Component tests of the store: jsdom, swc compiling TS/TSX to CommonJS with the automatic React
 * runtime. `@lr/contracts` is mapped to its TypeScript source, like the Vite alias does.
 */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  },
];

export default {
  displayName: 'web-store',
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/src'],
  transform: { '^.+\\.(ts|tsx)$': swc },
  moduleNameMapper: {
    '^@lr/contracts$': '<rootDir>/../libs/contracts/src/index.ts',
    '^@lr/contracts/(.+)$': '<rootDir>/../libs/contracts/src/$1.ts',
    '\\.css$': '<rootDir>/test/style-stub.cjs',
    // Vite reads import.meta.env; tests use the defaults of the same config parser.
    '^(.*)/lib/config$': '<rootDir>/test/config-stub.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  setupFilesAfterEnv: ['<rootDir>/test/setup.ts'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
};
