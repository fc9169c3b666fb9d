import type { ReactNode } from 'react';
import { preloadableLazy, preloadablesIn } from '../lib/preloadable-lazy.tsx';
import { findRoute } from '@fonrisk/contracts';
import { PlaceholderPage } from '../features/placeholder/components/placeholder-page.tsx';
import { MODULE1_SCREENS } from './module1-screens.tsx';
import { MODULE5_SCREENS } from './module5-screens.tsx';
import { MODULE3_SCREENS } from './module3-screens.tsx';
import { MODULE2_SCREENS } from './module2-screens.tsx';
import { REPORTS_SCREENS, ReportKeyDownload } from './reports-screens.tsx';

// Feature pages load lazily so the first load carries only the shell.
const HomePage = preloadableLazy(() =>
  import('../features/home/components/home-page.tsx').then((m) => m.HomePage),
);
const MorningView = preloadableLazy(() =>
  import('../features/data-quality/components/morning-view.tsx').then((m) => m.MorningView),
);
const LatestPosts = preloadableLazy(() =>
  import('../features/blog/components/latest-posts.tsx').then((m) => m.LatestPosts),
);
const LoginPage = preloadableLazy(() =>
  import('../features/auth/components/login-page.tsx').then((m) => m.LoginPage),
);
const BlogPage = preloadableLazy(() =>
  import('../features/blog/components/blog-page.tsx').then((m) => m.BlogPage),
);
const UserSettingsPage = preloadableLazy(() =>
  import('../features/users/components/user-settings-page.tsx').then((m) => m.UserSettingsPage),
);
const AuditLogPanel = preloadableLazy(() =>
  import('../features/audit-log/components/audit-log-panel.tsx').then((m) => m.AuditLogPanel),
);
const ModuleSettingsPage = preloadableLazy(() =>
  import('../features/modules/components/module-settings-page.tsx').then(
    (m) => m.ModuleSettingsPage,
  ),
);
const PortfoliosPage = preloadableLazy(() =>
  import('../features/portfolios/components/portfolios-page.tsx').then((m) => m.PortfoliosPage),
);
const InstrumentsPage = preloadableLazy(() =>
  import('./composed/market-data-screens.tsx').then((m) => m.InstrumentsScreen),
);
const SymbolSearchPage = preloadableLazy(() =>
  import('./composed/market-data-screens.tsx').then((m) => m.SymbolSearchScreen),
);
const TickerMapperPage = preloadableLazy(() =>
  import('../features/ticker-mapper/components/ticker-mapper-page.tsx').then(
    (m) => m.TickerMapperPage,
  ),
);
const UnifiedFundsPage = preloadableLazy(() =>
  import('../features/unified-funds/components/unified-funds-page.tsx').then(
    (m) => m.UnifiedFundsPage,
  ),
);
const BenchmarkSettingsPage = preloadableLazy(() =>
  import('../features/benchmarks/components/benchmark-settings-page.tsx').then(
    (m) => m.BenchmarkSettingsPage,
  ),
);
const ReferenceBenchmarkPage = preloadableLazy(() =>
  import('../features/benchmarks/components/reference-benchmark-page.tsx').then(
    (m) => m.ReferenceBenchmarkPage,
  ),
);
const FtpSettingsPage = preloadableLazy(() =>
  import('../features/ftp/components/ftp-settings-page.tsx').then((m) => m.FtpSettingsPage),
);
const FtpUploaderPage = preloadableLazy(() =>
  import('../features/ftp/components/ftp-uploader-page.tsx').then((m) => m.FtpUploaderPage),
);

/** Which feature renders each route of the table; a route without one shows the placeholder. */
const SCREENS: Readonly<Record<string, () => ReactNode>> = {
  '': () => (
    <>
      <ReportKeyDownload />
      <HomePage latestPosts={<LatestPosts />} morningView={<MorningView />} />
    </>
  ),
  login: () => <LoginPage />,
  blog: () => <BlogPage />,
  // The audit trail is an Admin panel of the user-settings screen (issue 14).
  'user-settings': () => <UserSettingsPage adminPanel={<AuditLogPanel />} />,
  'module-settings': () => <ModuleSettingsPage />,
  portfolios: () => <PortfoliosPage key="fund" kind="fund" />,
  'customer-portfolios': () => <PortfoliosPage key="customer" kind="customer" />,
  'fund-creation': () => <InstrumentsPage key="fund" screen="fund" />,
  'option-creation': () => <InstrumentsPage key="option" screen="option" />,
  'future-creation': () => <InstrumentsPage key="future" screen="future" />,
  'symbol-search': () => <SymbolSearchPage />,
  'ticker-mapper': () => <TickerMapperPage />,
  'unified-funds': () => <UnifiedFundsPage />,
  'benchmark-settings': () => <BenchmarkSettingsPage />,
  'ftp-settings': () => <FtpSettingsPage />,
  'ftp-uploader': () => <FtpUploaderPage />,
  'reference-benchmark': () => <ReferenceBenchmarkPage />,
  'bond-creation': () => <InstrumentsPage key="bond" screen="bond" />,
  ...MODULE1_SCREENS,
  ...MODULE5_SCREENS,
  ...MODULE3_SCREENS,
  ...MODULE2_SCREENS,
  ...REPORTS_SCREENS,
};

export function screenFor(path: string): ReactNode {
  const screen = SCREENS[path];
  if (screen) return screen();
  return <PlaceholderPage title={findRoute(path)?.title ?? path} />;
}

/**
 * Fetches the code of the screen at `path` (and of the lazy parts its table entry names), so the
 * first render of a fresh page load shows the screen without a loading step (decision 0124).
 * Builds the entry's elements without rendering them; resolves, with the number of parts
 * loaded, even when a fetch fails (the screen then loads, and reports the failure, as it would
 * have without the preload).
 */
export async function preloadScreen(path: string): Promise<number> {
  const screen = SCREENS[path];
  if (screen === undefined) return 0;
  const loads = preloadablesIn(screen()).map((part) => part.preload());
  await Promise.allSettled(loads);
  return loads.length;
}
