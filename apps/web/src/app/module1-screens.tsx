import { lazy, type ReactNode } from 'react';

// Module 1 (RMD) screens, each loaded lazily with its feature.
const VarAnalysisPage = lazy(() =>
  import('../features/var-analysis/components/var-analysis-page.tsx').then((m) => ({ default: m.VarAnalysisPage })),
);
const VarAnalysisResultPage = lazy(() =>
  import('../features/var-analysis/components/var-analysis-result-page.tsx').then((m) => ({ default: m.VarAnalysisResultPage })),
);

/** Which Module 1 feature renders each route (merged into the screen table of screens.tsx). */
export const MODULE1_SCREENS: Readonly<Record<string, () => ReactNode>> = {
  varAnalysis: () => <VarAnalysisPage />,
  'var-analysis-result': () => <VarAnalysisResultPage />,
};
