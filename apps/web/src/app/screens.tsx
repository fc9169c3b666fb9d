import { lazy, type ReactNode } from 'react';
import { findRoute } from '@fonrisk/contracts';
import { PlaceholderPage } from '../features/placeholder/components/placeholder-page.tsx';
import { MODULE1_SCREENS } from './module1-screens.tsx';
import { MODULE5_SCREENS } from './module5-screens.tsx';
import { MODULE3_SCREENS } from './module3-screens.tsx';
import { MODULE2_SCREENS } from './module2-screens.tsx';
import { REPORTS_SCREENS, ReportKeyDownload } from './reports-screens.tsx';

// Feature pages load lazily so the first load carries only the shell.
const HomePage = lazy(() =>
  import('../features/home/components/home-page.tsx').then((m) => ({ default: m.HomePage })),
);
const MorningView = lazy(() =>
  import('../features/data-quality/components/morning-view.tsx').then((m) => ({
    default: m.MorningView,
  })),
);
const LatestPosts = lazy(() =>
  import('../features/blog/components/latest-posts.tsx').then((m) => ({ default: m.LatestPosts })),
);
const LoginPage = lazy(() =>
  import('../features/auth/components/login-page.tsx').then((m) => ({ default: m.LoginPage })),
);
const BlogPage = lazy(() =>
  import('../features/blog/components/blog-page.tsx').then((m) => ({ default: m.BlogPage })),
);
const UserSettingsPage = lazy(() =>
  import('../features/users/components/user-settings-page.tsx').then((m) => ({
    default: m.UserSettingsPage,
  })),
);
const AuditLogPanel = lazy(() =>
  import('../features/audit-log/components/audit-log-panel.tsx').then((m) => ({
    default: m.AuditLogPanel,
  })),
);
const ModuleSettingsPage = lazy(() =>
  import('../features/modules/components/module-settings-page.tsx').then((m) => ({
    default: m.ModuleSettingsPage,
  })),
);
const PortfoliosPage = lazy(() =>
  import('../features/portfolios/components/portfolios-page.tsx').then((m) => ({
    default: m.PortfoliosPage,
  })),
);
const InstrumentsPage = lazy(() =>
  import('./composed/market-data-screens.tsx').then((m) => ({ default: m.InstrumentsScreen })),
);
const SymbolSearchPage = lazy(() =>
  import('./composed/market-data-screens.tsx').then((m) => ({ default: m.SymbolSearchScreen })),
);
const TickerMapperPage = lazy(() =>
  import('../features/ticker-mapper/components/ticker-mapper-page.tsx').then((m) => ({
    default: m.TickerMapperPage,
  })),
);
const UnifiedFundsPage = lazy(() =>
  import('../features/unified-funds/components/unified-funds-page.tsx').then((m) => ({
    default: m.UnifiedFundsPage,
  })),
);
const BenchmarkSettingsPage = lazy(() =>
  import('../features/benchmarks/components/benchmark-settings-page.tsx').then((m) => ({
    default: m.BenchmarkSettingsPage,
  })),
);
const ReferenceBenchmarkPage = lazy(() =>
  import('../features/benchmarks/components/reference-benchmark-page.tsx').then((m) => ({
    default: m.ReferenceBenchmarkPage,
  })),
);
const FtpSettingsPage = lazy(() =>
  import('../features/ftp/components/ftp-settings-page.tsx').then((m) => ({
    default: m.FtpSettingsPage,
  })),
);
const FtpUploaderPage = lazy(() =>
  import('../features/ftp/components/ftp-uploader-page.tsx').then((m) => ({
    default: m.FtpUploaderPage,
  })),
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
