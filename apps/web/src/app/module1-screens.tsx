import { lazy, type ReactNode } from 'react';

// Module 1 (RMD) screens, each loaded lazily with its feature.
const VarAnalysisPage = lazy(() =>
  import('../features/var-analysis/components/var-analysis-page.tsx').then((m) => ({ default: m.VarAnalysisPage })),
);
const VarAnalysisResultPage = lazy(() =>
  import('../features/var-analysis/components/var-analysis-result-page.tsx').then((m) => ({ default: m.VarAnalysisResultPage })),
);
const VarSettingsPage = lazy(() =>
  import('../features/var-settings/components/var-settings-page.tsx').then((m) => ({ default: m.VarSettingsPage })),
);
const BacktestPage = lazy(() => import('../features/backtest/components/backtest-page.tsx').then((m) => ({ default: m.BacktestPage })));
const BacktestResultPage = lazy(() =>
  import('../features/backtest/components/backtest-page.tsx').then((m) => ({ default: m.BacktestResultPage })),
);
const LeveragePage = lazy(() =>
  import('../features/leverage-analysis/components/leverage-page.tsx').then((m) => ({ default: m.LeveragePage })),
);
const LeverageResultPage = lazy(() =>
  import('../features/leverage-analysis/components/leverage-page.tsx').then((m) => ({ default: m.LeverageResultPage })),
);
const IncrementalVarPage = lazy(() =>
  import('../features/incremental-var/components/incremental-var-page.tsx').then((m) => ({ default: m.IncrementalVarPage })),
);
const IncrementalVarResultPage = lazy(() =>
  import('../features/incremental-var/components/incremental-var-page.tsx').then((m) => ({ default: m.IncrementalVarResultPage })),
);
const RmdTrackingPage = lazy(() =>
  import('../features/rmd-tracking/components/rmd-tracking-page.tsx').then((m) => ({ default: m.RmdTrackingPage })),
);

/** Which Module 1 feature renders each route (merged into the screen table of screens.tsx). */
export const MODULE1_SCREENS: Readonly<Record<string, () => ReactNode>> = {
  varAnalysis: () => <VarAnalysisPage />,
  'var-analysis-result': () => <VarAnalysisResultPage />,
  varAnalysisSettings: () => <VarSettingsPage />,
  backtest: () => <BacktestPage />,
  'backtest-result': () => <BacktestResultPage />,
  'leverage-analysis': () => <LeveragePage />,
  'leverage-analysis-result': () => <LeverageResultPage />,
  'incremental-var': () => <IncrementalVarPage />,
  'incremental-var-result': () => <IncrementalVarResultPage />,
  'rmd-tracking': () => <RmdTrackingPage />,
};
