import type { ReactNode } from 'react';
import { preloadableLazy } from '../lib/preloadable-lazy.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { runQuery } from '../features/analysis-runs/api/get-run.ts';

/**
 * A result screen opened with `?run=<id>` starts reading the run while its code still loads, so
 * the figures appear as soon as both are there (issue 5: a finished run opens in under 1 s). The
 * read starts during render (TanStack Query's `usePrefetchQuery` pattern, conditional here): an
 * effect would wait for the lazily loaded screen below to commit.
 */
export function PrefetchRun({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const [params] = useSearchParams();
  const id = params.get('run');
  // Warms the cache only: the result screen shows its own error if the run cannot be read.
  if (id !== null && client.getQueryState(runQuery(id).queryKey) === undefined)
    client.query(runQuery(id)).catch(() => undefined);
  return children;
}

// Module 1 (RMD) screens, each loaded lazily with its feature.
const VarAnalysisPage = preloadableLazy(() =>
  import('../features/var-analysis/components/var-analysis-page.tsx').then(
    (m) => m.VarAnalysisPage,
  ),
);
const VarAnalysisResultPage = preloadableLazy(() =>
  import('../features/var-analysis/components/var-result-screen.tsx').then(
    (m) => m.VarAnalysisResultPage,
  ),
);
const DataQualitySettingsSection = preloadableLazy(() =>
  import('../features/data-quality/components/data-quality-settings-section.tsx').then(
    (m) => m.DataQualitySettingsSection,
  ),
);
const VarSettingsPage = preloadableLazy(() =>
  import('../features/var-settings/components/var-settings-page.tsx').then(
    (m) => m.VarSettingsPage,
  ),
);
const BacktestPage = preloadableLazy(() =>
  import('../features/backtest/components/backtest-page.tsx').then((m) => m.BacktestPage),
);
const BacktestResultPage = preloadableLazy(() =>
  import('../features/backtest/components/backtest-result-screen.tsx').then(
    (m) => m.BacktestResultPage,
  ),
);
const LeveragePage = preloadableLazy(() =>
  import('../features/leverage-analysis/components/leverage-page.tsx').then((m) => m.LeveragePage),
);
const LeverageResultPage = preloadableLazy(() =>
  import('../features/leverage-analysis/components/leverage-result-screen.tsx').then(
    (m) => m.LeverageResultPage,
  ),
);
const IncrementalVarPage = preloadableLazy(() =>
  import('../features/incremental-var/components/incremental-var-page.tsx').then(
    (m) => m.IncrementalVarPage,
  ),
);
const IncrementalVarResultPage = preloadableLazy(() =>
  import('../features/incremental-var/components/incremental-var-result-screen.tsx').then(
    (m) => m.IncrementalVarResultPage,
  ),
);
const RmdTrackingPage = preloadableLazy(() =>
  import('../features/rmd-tracking/components/rmd-tracking-page.tsx').then(
    (m) => m.RmdTrackingPage,
  ),
);

/** Which Module 1 feature renders each route (merged into the screen table of screens.tsx). */
export const MODULE1_SCREENS: Readonly<Record<string, () => ReactNode>> = {
  varAnalysis: () => <VarAnalysisPage />,
  'var-analysis-result': () => (
    <PrefetchRun>
      <VarAnalysisResultPage />
    </PrefetchRun>
  ),
  // The data-quality tolerances live next to the unmapped-holdings tolerance (issue 26).
  varAnalysisSettings: () => <VarSettingsPage extra={<DataQualitySettingsSection />} />,
  backtest: () => <BacktestPage />,
  'backtest-result': () => (
    <PrefetchRun>
      <BacktestResultPage />
    </PrefetchRun>
  ),
  'leverage-analysis': () => <LeveragePage />,
  'leverage-analysis-result': () => (
    <PrefetchRun>
      <LeverageResultPage />
    </PrefetchRun>
  ),
  'incremental-var': () => <IncrementalVarPage />,
  'incremental-var-result': () => (
    <PrefetchRun>
      <IncrementalVarResultPage />
    </PrefetchRun>
  ),
  'rmd-tracking': () => <RmdTrackingPage />,
};
