// Types of scripts/server-build.mjs for the TypeScript callers (bench/load.ts).
/** The flags a compiled process runs with: `@fonrisk/*` resolve to their dist/. */
export declare const COMPILED_NODE_FLAGS: readonly string[];
/** The V8 flags a worker process runs with, after COMPILED_NODE_FLAGS. */
export declare const WORKER_NODE_FLAGS: readonly string[];
/** The compiled entry points, relative to the repository root. */
export declare const COMPILED_ENTRIES: {
  readonly api: string;
  readonly worker: string;
  readonly cli: string;
};
/** Node's arguments for each compiled server process: its flags, then its entry point. */
export declare const COMPILED_ARGS: {
  readonly api: readonly string[];
  readonly worker: readonly string[];
};
/** Compiles the server workspaces when their output is missing or older than their sources. */
export declare function ensureServerBuilt(root: string): void;
