import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { RiskError, riskErrorData } from '@fonrisk/risk';
import { collectTransferables } from './transferables.ts';
import type { TaskMessage, ThreadReply } from './protocol.ts';
import { runTaskHere } from './tasks.ts';

/** The body of a compute thread: imports the task's module and calls its COMPUTE_TASKS entry. */
const port = parentPort;
if (!port) throw new Error('thread.ts runs only as a worker thread');

// A thread for batch work runs at a lower CPU priority (decision 0075). On Linux the priority of
// "process 0" is the calling thread's own: the API, PostgreSQL and users' work go first.
const { nice } = workerData as { nice?: number };
if (nice)
  try {
    setPriority(nice);
  } catch {
    // not allowed here: the thread keeps the process's priority
  }

port.on('message', (task: TaskMessage) => {
  void run(task).then((reply) => {
    port.postMessage(reply, reply.ok ? collectTransferables(reply.value) : []);
  });
});

async function run(task: TaskMessage): Promise<ThreadReply> {
  try {
    const value: unknown = await runTaskHere({ module: task.module, key: task.key }, task.args);
    return { id: task.id, ok: true, value };
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    return {
      id: task.id,
      ok: false,
      error: {
        name: e.name,
        message: e.message,
        stack: e.stack ?? '',
        ...(e instanceof RiskError ? { risk: riskErrorData(e) } : {}),
      },
    };
  }
}
