import { parentPort } from 'node:worker_threads';
import { collectTransferables } from './transferables.ts';
import type { TaskMessage, ThreadReply } from './protocol.ts';

/** The body of a compute thread: imports the task's module and calls the named export. */
const port = parentPort;
if (!port) throw new Error('thread.ts runs only as a worker thread');

port.on('message', (task: TaskMessage) => {
  void run(task).then((reply) => {
    port.postMessage(reply, reply.ok ? collectTransferables(reply.value) : []);
  });
});

async function run(task: TaskMessage): Promise<ThreadReply> {
  try {
    const module = (await import(task.module)) as Record<string, unknown>;
    const fn = module[task.fn];
    if (typeof fn !== 'function')
      throw new Error(`${task.module} has no function export "${task.fn}"`);
    const value: unknown = await (fn as (...args: unknown[]) => unknown)(...task.args);
    return { id: task.id, ok: true, value };
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    return {
      id: task.id,
      ok: false,
      error: { name: e.name, message: e.message, stack: e.stack ?? '' },
    };
  }
}
