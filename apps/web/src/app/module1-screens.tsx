import { lazy, useEffect, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { runQuery } from '../features/analysis-runs/api/get-run.ts';

/**
 * A result screen opened with `?run=<id>` starts reading the run while its code still loads, so
 * the figures appear as soon as both are there (issue 5: a finished run opens in under 1 s).
 */
export function PrefetchRun({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const [params] = useSearchParams();
  const id = params.get('run');
  useEffect(() => {
    // Warms the cache only: the result screen shows its own error if the run cannot be read.
    if (id !== null) client.query(runQuery(id)).catch(() => undefined);
  }, [client, id]);
  return children;
}

// Module 1 (RMD) screens, each loaded lazily with its feature.
const VarAnalysisPage = lazy(() =>
  import('../features/var-analysis/components/var-analysis-page.tsx').then((m) => ({
    default: m.VarAnalysisPage,
  })),
);
const VarAnalysisResultPage = lazy(() =>
  import('../features/var-analysis/components/var-result-screen.tsx').then((m) => ({
    default: m.VarAnalysisResultPage,
  })),
);
const DataQualitySettingsSection = lazy(() =>
  import('../features/data-quality/components/data-quality-settings-section.tsx').then((m) => ({
    default: m.DataQualitySettingsSection,
  })),
);
const VarSettingsPage = lazy(() =>
  import('../features/var-settings/components/var-settings-page.tsx').then((m) => ({
    default: m.VarSettingsPage,
  })),
);
const BacktestPage = lazy(() =>
  import('../features/backtest/components/backtest-page.tsx').then((m) => ({
    default: m.BacktestPage,
  })),
);
const BacktestResultPage = lazy(() =>
  import('../features/backtest/components/backtest-result-screen.tsx').then((m) => ({
    default: m.BacktestResultPage,
  })),
);
const LeveragePage = lazy(() =>
  import('../features/leverage-analysis/components/leverage-page.tsx').then((m) => ({
    default: m.LeveragePage,
  })),
);
const LeverageResultPage = lazy(() =>
  import('../features/leverage-analysis/components/leverage-result-screen.tsx').then((m) => ({
    default: m.LeverageResultPage,
  })),
);
const IncrementalVarPage = lazy(() =>
  import('../features/incremental-var/components/incremental-var-page.tsx').then((m) => ({
    default: m.IncrementalVarPage,
  })),
);
const IncrementalVarResultPage = lazy(() =>
  import('../features/incremental-var/components/incremental-var-result-screen.tsx').then((m) => ({
    default: m.IncrementalVarResultPage,
  })),
);
const RmdTrackingPage = lazy(() =>
  import('../features/rmd-tracking/components/rmd-tracking-page.tsx').then((m) => ({
    default: m.RmdTrackingPage,
  })),
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
