// ESLint for every TypeScript source (`npm run lint`, and a step of `npm test`). The TypeScript rules are
// typescript-eslint's recommended set without type information, so the whole tree lints in seconds; the
// dependency rules between layers are dependency-cruiser's (.dependency-cruiser.cjs).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/generated/**', 'tmp/**', 'data/**', 'coverage/**', '.nx/**'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // A leading underscore marks a value left out on purpose (a destructured field dropped from a copy).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // `on ? add(id) : remove(id)` and `ready && start()` are the house style for one-line side effects.
      '@typescript-eslint/no-unused-expressions': ['error', { allowShortCircuit: true, allowTernary: true }],
      // Input checks match control characters on purpose: they are what safe text refuses.
      'no-control-regex': 'off',
      // One way to run a command (decision 0054): the pipeline's parts stay inside it.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@afterwards/server-kit',
              importNames: ['executeCommand', 'executeNewStreamCommands', 'retryOnConflict', 'StreamWriteQueue'],
              message: 'Run commands through CommandPipeline (an AggregateCommands per aggregate): decision 0054.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests read loosely typed JSON bodies of their own making.
    files: ['**/*.spec.ts', '**/*.spec.tsx', 'libs/testing/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
