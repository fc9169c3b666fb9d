// Runs drizzle-kit (from packages/db) with `drizzle-orm` resolved from this workspace. npm keeps drizzle-orm in
// packages/db/node_modules while drizzle-kit is hoisted to the root, and drizzle-kit imports
// drizzle-orm from its own location; a resolve hook points those imports here.
import Module, { createRequire, register } from 'node:module';
import process from 'node:process';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const here = pathToFileURL(`${process.cwd()}/`).href;
register(
  `data:text/javascript,${encodeURIComponent(`
    export async function resolve(specifier, context, next) {
      if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) {
        return next(specifier, { ...context, parentURL: ${JSON.stringify(here)} });
      }
      return next(specifier, context);
    }`)}`,
);
const require = createRequire(import.meta.url);
// drizzle-kit also require()s drizzle-orm (CommonJS), which honours NODE_PATH.
process.env.NODE_PATH = join(process.cwd(), 'node_modules');
/** @type {{ _initPaths(): void }} */ (/** @type {unknown} */ (Module))._initPaths();
const bin = join(dirname(require.resolve('drizzle-kit')), 'bin.cjs');
process.argv.splice(1, 1, bin);
await import(pathToFileURL(bin).href);
