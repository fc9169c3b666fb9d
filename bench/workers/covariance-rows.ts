// Worker thread for bench/risk.ts: computes the covariance rows of a range over
// shared buffers (the same library kernel the single-threaded covarianceMatrix runs).
import { parentPort } from 'node:worker_threads';
import { covarianceRows } from '../../packages/risk/src/index.ts';

interface Task {
  centred: SharedArrayBuffer;
  out: SharedArrayBuffer;
  size: number;
  observations: number;
  rowFrom: number;
  rowTo: number;
}

parentPort!.on('message', (task: Task) => {
  const panel = {
    data: new Float64Array(task.centred),
    size: task.size,
    observations: task.observations,
  };
  covarianceRows(panel, new Float64Array(task.out), task.rowFrom, task.rowTo);
  parentPort!.postMessage('done');
});
