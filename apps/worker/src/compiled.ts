/**
 * Compiled production start (decision 0039). `npm run build` compiles every server workspace with
 * `tsc -b` into its `dist/`; compiled processes run with `node --conditions=fonrisk-compiled`, the
 * package.json `exports` condition that points `@fonrisk/*` at `dist/*.js`. Without it (tests,
 * tsx, vite) the same imports resolve to the TypeScript sources.
 */
export const COMPILED_CONDITION = 'fonrisk-compiled';

/** Node flags a compiled process is started with. */
export const COMPILED_NODE_FLAGS: readonly string[] = [`--conditions=${COMPILED_CONDITION}`];

/** True when the module at `moduleUrl` runs from compiled JavaScript (a `dist/…js` file). */
export function isCompiled(moduleUrl: string): boolean {
  return moduleUrl.endsWith('.js');
}
