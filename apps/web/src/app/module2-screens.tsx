import type { ReactNode } from 'react';
import { preloadableLazy } from '../lib/preloadable-lazy.tsx';
import { PrefetchRun } from './module1-screens.tsx';

// Module 2 screens, each loaded lazily with its feature.
const RiskValuePage = preloadableLazy(() =>
  import('../features/risk-value/components/risk-value-page.tsx').then((m) => m.RiskValuePage),
);
const RiskValueResultPage = preloadableLazy(() =>
  import('../features/risk-value/components/risk-value-result-screen.tsx').then(
    (m) => m.RiskValueResultPage,
  ),
);

const StressTestPage = preloadableLazy(() =>
  import('../features/stress-test/components/stress-test-page.tsx').then((m) => m.StressTestPage),
);
const StressTestResultPage = preloadableLazy(() =>
  import('../features/stress-test/components/stress-test-result-screen.tsx').then(
    (m) => m.StressTestResultPage,
  ),
);

const LiquidityTestPage = preloadableLazy(() =>
  import('../features/liquidity-test/components/liquidity-test-page.tsx').then(
    (m) => m.LiquidityTestPage,
  ),
);
const LiquidityTestResultPage = preloadableLazy(() =>
  import('../features/liquidity-test/components/liquidity-test-result-screen.tsx').then(
    (m) => m.LiquidityTestResultPage,
  ),
);
const ConcentrationRiskPage = preloadableLazy(() =>
  import('../features/concentration-risk/components/concentration-risk-page.tsx').then(
    (m) => m.ConcentrationRiskPage,
  ),
);
const ConcentrationRiskResultPage = preloadableLazy(() =>
  import('../features/concentration-risk/components/concentration-risk-result-screen.tsx').then(
    (m) => m.ConcentrationRiskResultPage,
  ),
);
const ActiveSharePage = preloadableLazy(() =>
  import('../features/active-share/components/active-share-page.tsx').then(
    (m) => m.ActiveSharePage,
  ),
);
const ActiveShareResultPage = preloadableLazy(() =>
  import('../features/active-share/components/active-share-result-screen.tsx').then(
    (m) => m.ActiveShareResultPage,
  ),
);
const RiskGraphicPage = preloadableLazy(() =>
  import('../features/risk-graphic/components/risk-graphic-page.tsx').then(
    (m) => m.RiskGraphicPage,
  ),
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
