// Test-only entry of a real worker process (worker-process.test.ts): the production start
// function with the 'leverage' type served by a slow handler, so that a test can kill the process
// while a run is half done. The handler never ships: ANALYSIS_HANDLERS does not know it.
// The worker is imported as a package: in a test run that built the server (compiledChildren(),
// decision 0072) it resolves to the compiled build and tsx compiles only this file and
// worker-processes.ts; otherwise to the sources.
import { ANALYSIS_HANDLERS, FIXTURE_TASKS, startWorkerFromEnv } from '@fonrisk/worker';
import type { AnalysisHandler } from '../runner/handler.ts';
import { SLOW_ANALYSIS_TYPE } from './worker-processes.ts';

const steps = Number(process.env.SLOW_HANDLER_STEPS ?? '10');
const stepMs = Number(process.env.SLOW_HANDLER_STEP_MS ?? '200');

/** Each step spins on the compute pool, then reports progress; the result names the process. */
const slowHandler: AnalysisHandler<typeof SLOW_ANALYSIS_TYPE> = {
  async run(ctx) {
    // One line per execution: the scale-out test counts them to prove no run ran twice.
    console.log(JSON.stringify({ message: 'slow handler ran', runId: ctx.runId }));
    let spins = 0;
    for (let step = 1; step <= steps; step++) {
      spins += await ctx.compute(FIXTURE_TASKS.spin, stepMs);
      await ctx.progress(step / steps, `Adım ${step}/${steps}`);
    }
    return {
      result: {
        asOfDate: ctx.inputs.asOfDate,
        portfolios: [],
        tables: {
          ozet: {
            title: 'Özet',
            columns: [{ key: 'adim', label: 'Adım', format: 'number' }],
            rows: [{ adim: steps }],
          },
        },
      },
      dataSnapshot: { workerPid: process.pid, spins: spins > 0 },
    };
  },
};

// Which build of the worker this process runs (worker-process.test.ts checks it).
console.log(
  JSON.stringify({ message: 'slow worker entry', worker: import.meta.resolve('@fonrisk/worker') }),
);
await startWorkerFromEnv({ ...ANALYSIS_HANDLERS, [SLOW_ANALYSIS_TYPE]: slowHandler });
