// One Jest configuration, three tiers picked by file suffix (see docs/decisions/0003-test-tiers.md).
// Jest runs as native ESM (`node --experimental-vm-modules`) because NestJS 12 and PGlite are ESM-only.
const swc = [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', tsx: true, decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      keepClassNames: true,
      // JSON imports carry `with { type: 'json' }`; keep it, or Node's loader warns (and will refuse).
      experimental: { keepImportAttributes: true },
    },
    module: { type: 'es6' },
  },
];

const base = {
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.(sql|csv)$': '<rootDir>/tools/jest/text-transform.cjs' },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json', 'sql', 'csv'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  setupFiles: ['<rootDir>/tools/jest/setup.js'],
};

export default {
  rootDir: '.',
  projects: [
    { ...base, displayName: 'unit', testMatch: ['<rootDir>/{apps,libs,tools}/**/*.unit.spec.ts?(x)'] },
    { ...base, displayName: 'int', setupFilesAfterEnv: ['<rootDir>/tools/jest/int-timeout.js'], testMatch: ['<rootDir>/{apps,libs,tools}/**/*.int.spec.ts?(x)'] },
    { ...base, displayName: 'e2e', setupFilesAfterEnv: ['<rootDir>/tools/jest/e2e-timeout.js'], testMatch: ['<rootDir>/{apps,libs,tools}/**/*.e2e.spec.ts?(x)'] },
  ],
};
