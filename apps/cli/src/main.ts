// The `fonrisk` process (bin/fonrisk.js through tsx, or dist/main.js compiled): one invocation of
// `main` (run-command.ts) on the command line, its answer the exit code.
import { main } from './run-command.ts';

process.exitCode = await main(process.argv.slice(2));
