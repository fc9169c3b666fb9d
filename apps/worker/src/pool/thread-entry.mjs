// Entry of a compute thread. Worker threads do not inherit the TypeScript loader of a process
// started with `--import tsx` (nor vitest's), so the thread registers tsx itself and then loads
// the TypeScript thread body.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.threadModule);
