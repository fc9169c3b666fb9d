import type { ReactNode } from 'react';
import { preloadableLazy } from '../lib/preloadable-lazy.tsx';
import { PrefetchRun } from './module1-screens.tsx';

// Module 3 (internal audit and statistics) screens, each loaded lazily with its feature.
const CriterionDefinitionPage = preloadableLazy(() =>
  import('../features/internal-audit/components/criterion-definition-page.tsx').then(
    (m) => m.CriterionDefinitionPage,
  ),
);
const InternalAuditPage = preloadableLazy(() =>
  import('../features/internal-audit/components/internal-audit-page.tsx').then(
    (m) => m.InternalAuditPage,
  ),
);
const InternalAuditResultPage = preloadableLazy(() =>
  import('../features/internal-audit/components/internal-audit-result-page.tsx').then(
    (m) => m.InternalAuditResultPage,
  ),
);
const AuditTrackingPage = preloadableLazy(() =>
  import('../features/internal-audit/components/audit-tracking-page.tsx').then(
    (m) => m.AuditTrackingPage,
  ),
);

const FundStatisticsPage = preloadableLazy(() =>
  import('../features/fund-statistics/components/fund-statistics-page.tsx').then(
    (m) => m.FundStatisticsPage,
  ),
);
const FundStatisticsResultPage = preloadableLazy(() =>
  import('../features/fund-statistics/components/fund-statistics-page.tsx').then(
    (m) => m.FundStatisticsResultPage,
  ),
);

const TefasComparePage = preloadableLazy(() =>
  import('../features/fund-statistics/components/tefas-compare-page.tsx').then(
    (m) => m.TefasComparePage,
  ),
);

/** Which Module 3 feature renders each route (merged into the screen table of screens.tsx). */
export const MODULE3_SCREENS: Readonly<Record<string, () => ReactNode>> = {
  'criterion-definition': () => <CriterionDefinitionPage />,
  internalAudit: () => <InternalAuditPage />,
  'internal-audit-result': () => (
    <PrefetchRun>
      <InternalAuditResultPage />
    </PrefetchRun>
  ),
  'internal-audit-tracking': () => <AuditTrackingPage />,
  'fund-statistics': () => <FundStatisticsPage />,
  'tefas-compare': () => <TefasComparePage />,
  'fund-statistics-result': () => (
    <PrefetchRun>
      <FundStatisticsResultPage />
    </PrefetchRun>
  ),
};
