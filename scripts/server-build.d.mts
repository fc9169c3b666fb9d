// Types of scripts/server-build.mjs for the TypeScript callers (bench/load.ts).
/** The flags a compiled process runs with: `@fonrisk/*` resolve to their dist/. */
export declare const COMPILED_NODE_FLAGS: readonly string[];
/** The V8 flags a worker process runs with, after COMPILED_NODE_FLAGS. */
export declare const WORKER_NODE_FLAGS: readonly string[];
/** The V8 flags the API process runs with, after COMPILED_NODE_FLAGS. */
export declare const API_NODE_FLAGS: readonly string[];
/** The compiled entry points, relative to the repository root. */
export declare const COMPILED_ENTRIES: {
  readonly api: string;
  readonly worker: string;
  readonly cli: string;
};
/** Compiles the server workspaces when their output is missing or older than their sources. */
export declare function ensureServerBuilt(root: string): void;
