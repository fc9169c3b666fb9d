import { lazy, type ReactNode } from 'react';
import { PrefetchRun } from './module1-screens.tsx';

// Module 3 (internal audit and statistics) screens, each loaded lazily with its feature.
const CriterionDefinitionPage = lazy(() =>
  import('../features/internal-audit/components/criterion-definition-page.tsx').then((m) => ({
    default: m.CriterionDefinitionPage,
  })),
);
const InternalAuditPage = lazy(() =>
  import('../features/internal-audit/components/internal-audit-page.tsx').then((m) => ({
    default: m.InternalAuditPage,
  })),
);
const InternalAuditResultPage = lazy(() =>
  import('../features/internal-audit/components/internal-audit-result-page.tsx').then((m) => ({
    default: m.InternalAuditResultPage,
  })),
);
const AuditTrackingPage = lazy(() =>
  import('../features/internal-audit/components/audit-tracking-page.tsx').then((m) => ({
    default: m.AuditTrackingPage,
  })),
);

const FundStatisticsPage = lazy(() =>
  import('../features/fund-statistics/components/fund-statistics-page.tsx').then((m) => ({
    default: m.FundStatisticsPage,
  })),
);
const FundStatisticsResultPage = lazy(() =>
  import('../features/fund-statistics/components/fund-statistics-page.tsx').then((m) => ({
    default: m.FundStatisticsResultPage,
  })),
);

const TefasComparePage = lazy(() =>
  import('../features/fund-statistics/components/tefas-compare-page.tsx').then((m) => ({
    default: m.TefasComparePage,
  })),
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
