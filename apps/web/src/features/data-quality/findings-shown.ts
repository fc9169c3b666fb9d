/**
 * Findings the morning view shows of a fund before "more": a house's fund may have dozens on a
 * bad morning (the night bench's data: 2,071 price jumps over 100 funds), which would push every
 * other fund pages down.
 */
export const FINDINGS_SHOWN = 5;
