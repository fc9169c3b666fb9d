#!/usr/bin/env node
// Import cycles, type-only imports included (docs/decisions/0030-lint-habits-and-coverage-gates.md,
// decision 0054). ESLint's import-x/no-cycle skips `import type`, so a knot of types between two
// modules (covariance -> assemble -> portfolio-var -> covariance) passed the lint. This check
// reads every import and re-export of the TypeScript sources of each workspace with the
// compiler's own pre-processor, follows the relative ones, and prints every cycle (a strongly
// connected group of modules) it finds. `npm run lint` runs it; exit 1 when any cycle exists.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WORKSPACE_GROUPS = ['apps', 'packages'];
const SKIPPED = new Set(['node_modules', 'dist', 'coverage']);

/** Every .ts/.tsx file under `dir`, without build output and dependencies. */
function sourceFiles(dir) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(full));
    else if (/\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(full);
  }
  return files;
}

/**
 * The entry files of the workspace packages, by specifier ("@fonrisk/db", "@fonrisk/db/testing"),
 * read from each package.json's `exports` (the source entry, `default`): an import of another
 * workspace is an edge of the graph too, so a cycle between packages is found like one between
 * files (this check replaces ESLint's import-x/no-cycle, decision 0030).
 */
function workspaceEntries() {
  const entries = new Map();
  for (const group of WORKSPACE_GROUPS)
    for (const entry of readdirSync(path.join(root, group), { withFileTypes: true })) {
      const dir = path.join(root, group, entry.name);
      const manifest = path.join(dir, 'package.json');
      if (!entry.isDirectory() || !existsSync(manifest)) continue;
      const { name, exports } = JSON.parse(readFileSync(manifest, 'utf8'));
      for (const [subpath, target] of Object.entries(exports ?? {})) {
        const file = typeof target === 'string' ? target : target.default;
        if (typeof file === 'string')
          entries.set(path.posix.join(name, subpath), path.resolve(dir, file));
      }
    }
  return entries;
}
const ENTRIES = workspaceEntries();

/** The file a specifier names: a relative one or a workspace package's; null otherwise. */
function resolveRelative(from, specifier) {
  if (ENTRIES.has(specifier)) return ENTRIES.get(specifier);
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [
    base,
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.js$/, '.tsx'),
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
  ];
  return candidates.find((candidate) => existsSync(candidate) && !candidate.endsWith('/')) ?? null;
}

/** The import graph: file -> the files it imports (values and types alike). */
export function importGraph(files) {
  const graph = new Map();
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = new Set();
    for (const imported of info.importedFiles) {
      const target = resolveRelative(file, imported.fileName);
      if (target && target !== file) targets.add(target);
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** Strongly connected groups of more than one module (Tarjan, iterative). */
export function cycles(graph) {
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const groups = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work = [[start, 0]];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, position] = frame;
      const edges = graph.get(node) ?? [];
      if (position < edges.length) {
        frame[1]++;
        const target = edges[position];
        if (!graph.has(target)) continue;
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push([target, 0]);
        } else if (onStack.has(target)) {
          low.set(node, Math.min(low.get(node), index.get(target)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const group = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          group.push(member);
        } while (member !== node);
        if (group.length > 1) groups.push(group.sort());
      }
    }
  }
  return groups;
}

function main() {
  const files = WORKSPACE_GROUPS.flatMap((group) =>
    readdirSync(path.join(root, group), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((entry) => {
        const src = path.join(root, group, entry.name, 'src');
        return existsSync(src) ? sourceFiles(src) : [];
      }),
  );
  const found = cycles(importGraph(files));
  if (found.length === 0) {
    process.stdout.write(
      `import cycles: none in ${files.length} files (type-only imports included)\n`,
    );
    return;
  }
  process.stderr.write(`import cycles: ${found.length} (type-only imports included)\n`);
  for (const group of found) {
    const members = group.map((file) => path.relative(root, file)).join(' <-> ');
    process.stderr.write(`- ${members}\n`);
  }
  process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
