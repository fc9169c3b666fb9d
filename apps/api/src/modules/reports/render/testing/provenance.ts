import type { SectionProvenance } from '../report-document.ts';

/** A reused run's provenance for the renderers' tests: no finish time, data dates or conventions. */
export function testProvenance(
  portfolioCodes: readonly string[],
  engineVersion = '0.5.0',
): SectionProvenance {
  return {
    runId: 'r1',
    portfolioCodes,
    engineVersion,
    finishedAt: null,
    dataSnapshot: null,
    conventions: null,
    reused: true,
  };
}
