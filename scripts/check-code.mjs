#!/usr/bin/env node
// The typecheck and ESLint in one pass over one TypeScript program per part of the tree
// (docs/decisions/0113-typecheck-and-lint-on-one-program.md):
//
//   node scripts/check-code.mjs [server|web]...   (no argument: both parts)
//
// - server: the root tsconfig.json's program (every server workspace, bench and scripts) and every
//   file ESLint lints outside apps/web;
// - web: apps/web/tsconfig.json's program and the files of apps/web.
//
// For each part the program is built once, its diagnostics printed as `tsc --noEmit -p` prints
// them (ts.getPreEmitDiagnostics: the same checks), and ESLint then lints the part's files with
// that program (typescript-eslint's `parserOptions.programs`), so that its type-aware rules read
// types the typecheck already computed instead of building and checking the program again. Exits
// 1 on any type error or ESLint error. `npm run typecheck` and `eslint .` stay the reference; this
// is what CI runs, in two processes side by side.
import path from 'node:path';
import process from 'node:process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import console from 'node:console';
import { ESLint } from 'eslint';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The parts of the tree: a tsconfig, the ESLint patterns it covers and what they leave out. */
const PARTS = {
  server: { tsconfig: 'tsconfig.json', patterns: ['.'], ignore: ['apps/web/**'] },
  web: { tsconfig: 'apps/web/tsconfig.json', patterns: ['apps/web'], ignore: [] },
};

/** The files ESLint parses with a TypeScript program (its .js and .mjs files need none). */
const TYPESCRIPT_FILES = ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts'];

function seconds(since) {
  return ((performance.now() - since) / 1000).toFixed(1);
}

/** The program of `tsconfig` (relative to the root), as `tsc -p` builds it. */
function createProgram(tsconfig) {
  const configPath = path.join(root, tsconfig);
  const parsed = ts.getParsedCommandLineOfConfigFile(configPath, undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  });
  if (parsed === undefined) throw new Error(`${tsconfig} could not be read`);
  return ts.createProgram({
    rootNames: parsed.fileNames,
    options: parsed.options,
    projectReferences: parsed.projectReferences,
    configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(parsed),
  });
}

const formatHost = {
  getCanonicalFileName: (fileName) => fileName,
  getCurrentDirectory: () => root,
  getNewLine: () => '\n',
};

/** Typechecks and lints one part; resolves with whether it passed. */
async function checkPart(name) {
  const part = PARTS[name];
  const started = performance.now();
  const program = createProgram(part.tsconfig);
  // A tsconfig that matched no file would pass every check: stop instead.
  if (program.getRootFileNames().length === 0) throw new Error(`${part.tsconfig} holds no file`);
  const diagnostics = ts.getPreEmitDiagnostics(program);
  if (diagnostics.length > 0) {
    const format = process.stdout.isTTY
      ? ts.formatDiagnosticsWithColorAndContext
      : ts.formatDiagnostics;
    process.stdout.write(format(diagnostics, formatHost));
  }
  const typeErrors = diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error).length;
  console.log(
    `[check-code] ${name}: ${part.tsconfig} typechecked in ${seconds(started)} s, ${String(typeErrors)} type errors`,
  );

  const linting = performance.now();
  const eslint = new ESLint({
    cwd: root,
    ignorePatterns: part.ignore,
    overrideConfig: [
      { files: TYPESCRIPT_FILES, languageOptions: { parserOptions: { programs: [program] } } },
    ],
  });
  const results = await eslint.lintFiles(part.patterns);
  if (results.length === 0) throw new Error(`ESLint found no file in ${part.patterns.join(' ')}`);
  const formatter = await eslint.loadFormatter('stylish');
  const output = await formatter.format(results);
  if (output !== '') process.stdout.write(output);
  // A fatal error (a file that does not parse) counts among its file's errorCount.
  const errors = results.reduce((sum, r) => sum + r.errorCount, 0);
  console.log(
    `[check-code] ${name}: ${String(results.length)} files linted in ${seconds(linting)} s, ${String(errors)} ESLint errors`,
  );
  return typeErrors === 0 && errors === 0;
}

const requested = process.argv.slice(2);
for (const name of requested) {
  if (!(name in PARTS)) {
    console.error(`unknown part ${name}: expected ${Object.keys(PARTS).join(' or ')}`);
    process.exit(2);
  }
}
let passed = true;
for (const name of requested.length > 0 ? requested : Object.keys(PARTS)) {
  if (!(await checkPart(name))) passed = false;
}
process.exitCode = passed ? 0 : 1;
