import type { ReactNode } from 'react';
import { preloadableLazy } from '../lib/preloadable-lazy.tsx';
import { PrefetchRun } from './module1-screens.tsx';

// Module 5 (performance reports) and bond analysis screens, each loaded lazily with its feature.
const PerformanceReportPage = preloadableLazy(() =>
  import('../features/performance-report/components/performance-report-page.tsx').then(
    (m) => m.PerformanceReportPage,
  ),
);
const CustomerReportPage = preloadableLazy(() =>
  import('../features/customer-performance-report/components/customer-report-page.tsx').then(
    (m) => m.CustomerReportPage,
  ),
);
const BondAnalysisPage = preloadableLazy(() =>
  import('../features/bond-analysis/components/bond-analysis-page.tsx').then(
    (m) => m.BondAnalysisPage,
  ),
);
const BondAnalysisResultPage = preloadableLazy(() =>
  import('../features/bond-analysis/components/bond-analysis-page.tsx').then(
    (m) => m.BondAnalysisResultPage,
  ),
);

/** Which Module 5 feature renders each route (merged into the screen table of screens.tsx). */
export const MODULE5_SCREENS: Readonly<Record<string, () => ReactNode>> = {
  'performance-report': () => (
    <PrefetchRun>
      <PerformanceReportPage />
    </PrefetchRun>
  ),
  'customer-performance-report': () => (
    <PrefetchRun>
      <CustomerReportPage />
    </PrefetchRun>
  ),
  'bond-analysis': () => <BondAnalysisPage />,
  'bond-analysis-result': () => (
    <PrefetchRun>
      <BondAnalysisResultPage />
    </PrefetchRun>
  ),
};
