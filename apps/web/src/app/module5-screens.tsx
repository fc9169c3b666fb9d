import { lazy, type ReactNode } from 'react';
import { PrefetchRun } from './module1-screens.tsx';

// Module 5 (performance reports) and bond analysis screens, each loaded lazily with its feature.
const PerformanceReportPage = lazy(() =>
  import('../features/performance-report/components/performance-report-page.tsx').then((m) => ({
    default: m.PerformanceReportPage,
  })),
);
const CustomerReportPage = lazy(() =>
  import('../features/customer-performance-report/components/customer-report-page.tsx').then(
    (m) => ({ default: m.CustomerReportPage }),
  ),
);
const BondAnalysisPage = lazy(() =>
  import('../features/bond-analysis/components/bond-analysis-page.tsx').then((m) => ({
    default: m.BondAnalysisPage,
  })),
);
const BondAnalysisResultPage = lazy(() =>
  import('../features/bond-analysis/components/bond-analysis-page.tsx').then((m) => ({
    default: m.BondAnalysisResultPage,
  })),
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
