import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import * as scripts from '../../../scripts/server-build.mjs';
import { COMPILED_NODE_FLAGS, WORKER_NODE_FLAGS } from './compiled.ts';

describe('the flags a worker process starts with', () => {
  it('are the same for the scripts and benches that start one (scripts/server-build.mjs)', () => {
    expect(scripts.COMPILED_NODE_FLAGS).toEqual(COMPILED_NODE_FLAGS);
    expect(scripts.WORKER_NODE_FLAGS).toEqual(WORKER_NODE_FLAGS);
  });

  it("are options of this Node (a flag it does not know stops it), not the script's arguments", () => {
    const started = spawnSync(
      process.execPath,
      [...WORKER_NODE_FLAGS, '-e', 'process.stdout.write(JSON.stringify(process.execArgv))'],
      { encoding: 'utf8' },
    );
    expect(started.stderr).toBe('');
    expect(started.status).toBe(0);
    const options = JSON.parse(started.stdout) as string[];
    expect(options.slice(0, WORKER_NODE_FLAGS.length)).toEqual(WORKER_NODE_FLAGS);
    const unknown = spawnSync(process.execPath, ['--max-semi-space-sise=64', '-e', '0'], {
      encoding: 'utf8',
    });
    expect(unknown.status).not.toBe(0);
  });
});
