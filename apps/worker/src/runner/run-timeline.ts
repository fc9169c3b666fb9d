// Where a run's time goes (issue 25, decision 0075): the steps from the run's row to its stored
// result, logged by the runner as one 'run timeline' line per execution, so that a run that waited
// shows where (queue, claim, snapshot, its reads, the compute pool's queue, storing the result).
import type { RunLane } from '@fonrisk/contracts';
import type { PoolTaskTiming } from '../pool/compute-pool.ts';

/** The figures of a 'run timeline' log line (milliseconds; the steps follow each other). */
export interface RunTimelineFigures {
  readonly runId: string;
  readonly analysisType: string;
  readonly lane: RunLane;
  /** From the run's row (API transaction) to this worker receiving its job. */
  readonly queueMs: number;
  /** Marking it running (claim). */
  readonly claimMs: number;
  /** Opening its database snapshot. */
  readonly snapshotMs: number;
  /** The handler: its reads and its compute tasks. */
  readonly handlerMs: number;
  /** Of which: compute-pool tasks, their summed wait for a thread and summed run time. */
  readonly poolTasks: number;
  readonly poolWaitMs: number;
  readonly poolRunMs: number;
  /** Checking and storing the result with its input bundle. */
  readonly storeMs: number;
  /**
   * Its market reads answered by the worker's cache (decision 0078), and the tickers of its packed
   * series reads answered from the cache and sent to the database (decision 0081).
   */
  readonly marketCacheHits: number;
  readonly seriesKept: number;
  readonly seriesSent: number;
  /**
   * Places of its input bundle stored as parts: named from the parts earlier runs made (no JSON
   * made), and made by this run (decision 0086).
   */
  readonly partsNamed: number;
  readonly partsMade: number;
  /**
   * Rows of its reads and series of its market windows stored as parts of their own, named and
   * made alike (decisions 0091, 0100).
   */
  readonly rowPartsNamed: number;
  readonly rowPartsMade: number;
  /** From the run's row to its result stored. */
  readonly totalMs: number;
}

/** Marks the steps of one execution; `figures()` once it has ended. */
export class RunTimeline {
  private readonly marks = new Map<'claimed' | 'snapshot' | 'handled' | 'stored', number>();
  private poolTasks = 0;
  private poolWaitMs = 0;
  private poolRunMs = 0;
  private reads = { marketCacheHits: 0, seriesKept: 0, seriesSent: 0 };
  private parts = { partsNamed: 0, partsMade: 0, rowPartsNamed: 0, rowPartsMade: 0 };

  constructor(
    private readonly createdAt: number,
    private readonly jobAt: number,
    private readonly now: () => number = Date.now,
  ) {}

  mark(step: 'claimed' | 'snapshot' | 'handled' | 'stored'): void {
    this.marks.set(step, this.now());
  }

  /** Adds a finished compute-pool task of the run. */
  readonly poolTask = (timing: PoolTaskTiming): void => {
    this.poolTasks++;
    this.poolWaitMs += timing.waitMs;
    this.poolRunMs += timing.runMs;
  };

  /** What the run's market reads took from the cache (its recorder's counts). */
  marketReads(counts: {
    readonly cacheHits: number;
    readonly seriesKept: number;
    readonly seriesSent: number;
  }): void {
    this.reads = {
      marketCacheHits: counts.cacheHits,
      seriesKept: counts.seriesKept,
      seriesSent: counts.seriesSent,
    };
  }

  /** How the places of its bundle became parts (packBundle's counts). */
  bundleParts(counts: {
    readonly placesNamed: number;
    readonly placesMade: number;
    readonly rowsNamed: number;
    readonly rowsMade: number;
  }): void {
    this.parts = {
      partsNamed: counts.placesNamed,
      partsMade: counts.placesMade,
      rowPartsNamed: counts.rowsNamed,
      rowPartsMade: counts.rowsMade,
    };
  }

  figures(run: { id: string; analysisType: string; lane: RunLane }): RunTimelineFigures {
    const at = (step: 'claimed' | 'snapshot' | 'handled' | 'stored', before: number) =>
      this.marks.get(step) ?? before;
    const claimed = at('claimed', this.jobAt);
    const snapshot = at('snapshot', claimed);
    const handled = at('handled', snapshot);
    const stored = at('stored', handled);
    return {
      runId: run.id,
      analysisType: run.analysisType,
      lane: run.lane,
      queueMs: this.jobAt - this.createdAt,
      claimMs: claimed - this.jobAt,
      snapshotMs: snapshot - claimed,
      handlerMs: handled - snapshot,
      poolTasks: this.poolTasks,
      poolWaitMs: Math.round(this.poolWaitMs),
      poolRunMs: Math.round(this.poolRunMs),
      storeMs: stored - handled,
      ...this.reads,
      ...this.parts,
      totalMs: stored - this.createdAt,
    };
  }
}

/** The message of the runner's timeline log line (the night bench finds the user's run by it). */
export const RUN_TIMELINE_MESSAGE = 'run timeline';
