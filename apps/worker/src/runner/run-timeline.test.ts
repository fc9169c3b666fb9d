import { describe, expect, it } from 'vitest';
import { RunLane } from '@fonrisk/contracts';
import { RunTimeline } from './run-timeline.ts';

describe('run timeline (decision 0075)', () => {
  it('splits the time from the row to the stored result into its steps', () => {
    let now = 0;
    // Row inserted at 1000; the job reaches the worker at 1300.
    const timeline = new RunTimeline(1000, 1300, () => now);
    now = 1320;
    timeline.mark('claimed');
    now = 1350;
    timeline.mark('snapshot');
    timeline.poolTask({ waitMs: 40.4, runMs: 100.2 });
    timeline.poolTask({ waitMs: 10, runMs: 50 });
    now = 1600;
    timeline.mark('handled');
    timeline.marketReads({ cacheHits: 3, seriesKept: 180, seriesSent: 20 });
    timeline.bundleParts({ placesNamed: 4, placesMade: 1, rowsNamed: 150, rowsMade: 50 });
    now = 1680;
    timeline.mark('stored');
    expect(timeline.figures({ id: 'r1', analysisType: 'var', lane: RunLane.Interactive })).toEqual({
      runId: 'r1',
      analysisType: 'var',
      lane: 'interactive',
      queueMs: 300,
      claimMs: 20,
      snapshotMs: 30,
      handlerMs: 250,
      poolTasks: 2,
      poolWaitMs: 50,
      poolRunMs: 150,
      storeMs: 80,
      marketCacheHits: 3,
      seriesKept: 180,
      seriesSent: 20,
      partsNamed: 4,
      partsMade: 1,
      rowPartsNamed: 150,
      rowPartsMade: 50,
      totalMs: 680,
    });
  });

  it('counts a step that was not reached as taking no time', () => {
    let now = 0;
    const timeline = new RunTimeline(0, 10, () => now);
    now = 25;
    timeline.mark('claimed');
    const figures = timeline.figures({ id: 'r2', analysisType: 'var', lane: RunLane.Batch });
    expect([figures.claimMs, figures.snapshotMs, figures.handlerMs, figures.storeMs]).toEqual([
      15, 0, 0, 0,
    ]);
    expect(figures.totalMs).toBe(25);
  });
});
