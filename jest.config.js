const { compilerOptions } = require('./tsconfig.base.json');

const moduleNameMapper = Object.fromEntries(
  Object.entries(compilerOptions.paths).map(([alias, [target]]) => [`^${alias}$`, `<rootDir>/${target}`]),
);

const transform = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    {
      swcrc: false,
      jsc: {
        target: 'es2022',
        parser: { syntax: 'typescript', decorators: true, tsx: true },
        transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false, react: { runtime: 'automatic' } },
        keepClassNames: true,
      },
      module: { type: 'commonjs' },
    },
  ],
};

/* Components import their stylesheets; a test reads class names only, from the stub. */
const cssStub = { '\\.css$': '<rootDir>/libs/ui/src/testing/css-module.js' };
const common = { rootDir: __dirname, testEnvironment: 'node', transform, moduleNameMapper: { ...moduleNameMapper, ...cssStub } };

module.exports = {
  testTimeout: 60000,
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/{apps,libs}/**/*.spec.ts'],
    },
    {
      ...common,
      displayName: 'ui',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/libs/ui/**/*.spec.tsx', '<rootDir>/apps/web/**/*.spec.tsx'],
      setupFiles: ['<rootDir>/libs/ui/src/testing/setup-dom.ts'],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/{apps,libs}/**/*.int-spec.ts'],
      globalSetup: '<rootDir>/libs/testing/src/global-setup.ts',
      globalTeardown: '<rootDir>/libs/testing/src/global-teardown.ts',
    },
  ],
};
