/**
 * Component and unit tests of the console: jsdom, TypeScript/TSX compiled by swc to CommonJS with the
 * automatic React runtime; @lr/contracts is read from its TypeScript source like Vite does.
 */
export default {
  displayName: 'web-admin',
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/src'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleNameMapper: {
    '^@lr/contracts$': '<rootDir>/../libs/contracts/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
    '\\.css$': '<rootDir>/test/style-stub.ts',
  },
  setupFiles: ['<rootDir>/test/polyfills.ts'],
  setupFilesAfterEnv: ['<rootDir>/test/setup.ts'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  // A few of react-admin's dependencies ship ESM only; swc turns them into CommonJS too.
  transformIgnorePatterns: ['/node_modules/(?!(react-hotkeys-hook)/)'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};
