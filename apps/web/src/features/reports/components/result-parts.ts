import { useRun } from '../../analysis-runs/api/get-run.ts';
import { useRuns } from '../../analysis-runs/api/get-runs.ts';

export interface ResultPart {
  readonly value: string;
  readonly label: string;
}

function partsOf(record: unknown): ResultPart[] {
  if (typeof record !== 'object' || record === null) return [];
  return Object.entries(record as Record<string, unknown>).map(([name, part]) => {
    const title =
      typeof part === 'object' && part !== null && 'title' in part && typeof part.title === 'string'
        ? part.title
        : name;
    return { value: name, label: `${title} (${name})` };
  });
}

/**
 * The tables and charts an analysis type's result has, read from its latest finished run (results
 * carry them by name in `tables` and `charts`), so that a section can pick them by title.
 */
export function useResultParts(analysisType: string): {
  tables: ResultPart[];
  charts: ResultPart[];
} {
  const runs = useRuns({ analysisType, status: 'done', limit: 1 });
  const latest = runs.data?.items[0]?.id ?? null;
  const run = useRun(latest);
  const result = run.data?.result ?? null;
  return { tables: partsOf(result?.['tables']), charts: partsOf(result?.['charts']) };
}

/** The options with any chosen name the latest run does not have kept (shown by its name). */
export function withChosen(
  options: readonly ResultPart[],
  chosen: readonly string[],
): ResultPart[] {
  const missing = chosen.filter((name) => !options.some((o) => o.value === name));
  return [...options, ...missing.map((name) => ({ value: name, label: name }))];
}
