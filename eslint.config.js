// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
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

/**
 * Import boundaries inside apps/web (docs/decisions/0030-lint-habits-and-coverage-gates.md): a
 * feature imports only itself and the shared layers (components, lib, test); features never
 * import each other or the app shell; the shared layers import no feature and no app. `app/`
 * composes everything. Features are read from the folder, so a new feature is covered at once.
 */
// The plugin's TypeScript settings (extensions, parser) with the resolver in its v4 form.
const { 'import-x/resolver': _legacyResolver, ...importXSettings } =
  importX.flatConfigs.typescript.settings;

const WEB = './apps/web/src';
const webFeatures = readdirSync(new URL('apps/web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** The one feature other features build on: the run machinery of every analysis screen. */
const SHARED_FEATURES = ['analysis-runs'];
const webZones = [
  ...webFeatures.map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features`,
    except: [...new Set([feature, ...SHARED_FEATURES])].map((allowed) => `./${allowed}`),
    message:
      'A feature does not import another feature: move the shared part to components/ or lib/, or compose them in app/.',
  })),
  {
    target: `${WEB}/features`,
    from: `${WEB}/app`,
    message: 'A feature does not import the app shell (app/ composes features, not the other way).',
  },
  {
    target: [`${WEB}/components`, `${WEB}/lib`],
    from: [`${WEB}/features`, `${WEB}/app`],
    message: 'Shared components and lib import no feature and no app code.',
  },
  {
    target: `${WEB}/lib`,
    from: `${WEB}/components`,
    message: 'lib/ is below components/: it imports no component.',
  },
];

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
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      // Two TypeScript programs for the whole tree: the server's (root tsconfig.json: every
      // server workspace, bench and scripts, all on tsconfig.base.json) and the web app's. With
      // one program per workspace tsconfig (projectService) each workspace's program checked its
      // dependencies' sources again: 218 s of CPU instead of 114 (decision 0072).
      parserOptions: {
        project: ['./tsconfig.json', './apps/web/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'import-x': importX },
    settings: {
      ...importXSettings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: {
      // Import cycles (type-only imports and cycles between workspaces included) are checked by
      // scripts/import-cycles.mjs in `npm run lint`, in 3 s: import-x/no-cycle found a subset of
      // them at about a tenth of the lint's time (decision 0030).
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // Decision 0012: numbers and booleans read naturally in messages; objects and undefined do not.
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        { allowNumber: true, allowBoolean: true },
      ],
      // Decision 0012: `onClick={() => setOpen(false)}` is React's idiom.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      // Decision 0012: with noUncheckedIndexedAccess every indexed read is `T | undefined`; a `!`
      // after an index the loop bound proves valid is clearer (and faster in numeric loops) than
      // a runtime check or a cast.
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['packages/risk/**'],
    // The layout test reads the folder (tests beside concepts); the library itself does no I/O.
    ignores: ['packages/risk/src/layout.test.ts'],
    rules: boundary(['@fonrisk/*', 'node:*', 'fs', 'path']),
  },
  { files: ['packages/contracts/**'], rules: boundary(['@fonrisk/*']) },
  {
    files: ['packages/db/**'],
    rules: boundary([
      '@fonrisk/api',
      '@fonrisk/web',
      '@fonrisk/worker',
      '@fonrisk/cli',
      '@fonrisk/risk',
    ]),
  },
  {
    files: ['apps/web/**'],
    rules: boundary([
      '@fonrisk/db',
      '@fonrisk/api',
      '@fonrisk/worker',
      '@fonrisk/risk',
      '@fonrisk/cli',
    ]),
  },
  // `fonrisk replay` re-runs a run with the worker's handlers (decision 0041): the CLI may use
  // @fonrisk/worker (and the contracts it speaks), never the API, the web app or the database.
  {
    files: ['apps/cli/**'],
    rules: boundary(['@fonrisk/db', '@fonrisk/api', '@fonrisk/web']),
  },
  { files: ['apps/api/**', 'apps/worker/**'], rules: boundary(['@fonrisk/web', '@fonrisk/cli']) },
  {
    files: ['apps/web/src/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: webZones }] },
  },
);
