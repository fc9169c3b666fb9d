import { lazy, type ReactNode } from 'react';
import { PrefetchRun } from './module1-screens.tsx';

// Module 2 screens, each loaded lazily with its feature.
const RiskValuePage = lazy(() =>
  import('../features/risk-value/components/risk-value-page.tsx').then((m) => ({
    default: m.RiskValuePage,
  })),
);
const RiskValueResultPage = lazy(() =>
  import('../features/risk-value/components/risk-value-result-screen.tsx').then((m) => ({
    default: m.RiskValueResultPage,
  })),
);

const StressTestPage = lazy(() =>
  import('../features/stress-test/components/stress-test-page.tsx').then((m) => ({
    default: m.StressTestPage,
  })),
);
const StressTestResultPage = lazy(() =>
  import('../features/stress-test/components/stress-test-result-screen.tsx').then((m) => ({
    default: m.StressTestResultPage,
  })),
);

const LiquidityTestPage = lazy(() =>
  import('../features/liquidity-test/components/liquidity-test-page.tsx').then((m) => ({
    default: m.LiquidityTestPage,
  })),
);
const LiquidityTestResultPage = lazy(() =>
  import('../features/liquidity-test/components/liquidity-test-result-screen.tsx').then((m) => ({
    default: m.LiquidityTestResultPage,
  })),
);
const ConcentrationRiskPage = lazy(() =>
  import('../features/concentration-risk/components/concentration-risk-page.tsx').then((m) => ({
    default: m.ConcentrationRiskPage,
  })),
);
const ConcentrationRiskResultPage = lazy(() =>
  import('../features/concentration-risk/components/concentration-risk-result-screen.tsx').then(
    (m) => ({ default: m.ConcentrationRiskResultPage }),
  ),
);
const ActiveSharePage = lazy(() =>
  import('../features/active-share/components/active-share-page.tsx').then((m) => ({
    default: m.ActiveSharePage,
  })),
);
const ActiveShareResultPage = lazy(() =>
  import('../features/active-share/components/active-share-result-screen.tsx').then((m) => ({
    default: m.ActiveShareResultPage,
  })),
);
const RiskGraphicPage = lazy(() =>
  import('../features/risk-graphic/components/risk-graphic-page.tsx').then((m) => ({
    default: m.RiskGraphicPage,
  })),
);

/** Which Module 2 feature renders each route (merged into the screen table of screens.tsx). */
export const MODULE2_SCREENS: Readonly<Record<string, () => ReactNode>> = {
  'stress-test': () => <StressTestPage />,
  'stress-test-result': () => (
    <PrefetchRun>
      <StressTestResultPage />
    </PrefetchRun>
  ),
  'liquidity-test': () => <LiquidityTestPage />,
  'liquidity-test-result': () => (
    <PrefetchRun>
      <LiquidityTestResultPage />
    </PrefetchRun>
  ),
  'concentration-risk': () => <ConcentrationRiskPage />,
  'concentration-risk-result': () => (
    <PrefetchRun>
      <ConcentrationRiskResultPage />
    </PrefetchRun>
  ),
  'risk-value': () => <RiskValuePage />,
  'risk-value-result': () => (
    <PrefetchRun>
      <RiskValueResultPage />
    </PrefetchRun>
  ),
  'active-share': () => <ActiveSharePage />,
  'active-share-result': () => (
    <PrefetchRun>
      <ActiveShareResultPage />
    </PrefetchRun>
  ),
  'risk-graphic': () => <RiskGraphicPage />,
};
