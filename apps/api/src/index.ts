export { buildServer } from './http/server.ts';
export type { ServerOptions } from './http/server.ts';
export { startApi } from './main.ts';
export type { RunningApi } from './main.ts';
