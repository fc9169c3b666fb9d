// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** Import boundaries of style.md: dependencies point one way. */
const boundary = (/** @type {string[]} */ forbidden) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: forbidden.map((group) => ({
        group: [group],
        message: 'This import crosses a package boundary the architecture forbids.',
      })),
    },
  ],
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'coverage/**',
      '.data/**',
      '.e2e-data/**',
      '**/drizzle/**',
      'apps/cli/bin/**',
      '**/*.config.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  { files: ['packages/risk/**'], rules: boundary(['@fonrisk/*', 'node:*', 'fs', 'path']) },
  { files: ['packages/contracts/**'], rules: boundary(['@fonrisk/*']) },
  { files: ['packages/db/**'], rules: boundary(['@fonrisk/api', '@fonrisk/web', '@fonrisk/worker', '@fonrisk/cli', '@fonrisk/risk']) },
  { files: ['apps/web/**'], rules: boundary(['@fonrisk/db', '@fonrisk/api', '@fonrisk/worker', '@fonrisk/risk', '@fonrisk/cli']) },
  { files: ['apps/cli/**'], rules: boundary(['@fonrisk/db', '@fonrisk/api', '@fonrisk/worker', '@fonrisk/web', '@fonrisk/contracts']) },
  { files: ['apps/api/**', 'apps/worker/**'], rules: boundary(['@fonrisk/web', '@fonrisk/cli']) },
);
