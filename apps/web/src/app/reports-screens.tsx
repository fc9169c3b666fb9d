import type { ReactNode } from 'react';
import { preloadableLazy } from '../lib/preloadable-lazy.tsx';

// Report screens (issue 15), each loaded lazily with the reports feature.
const ReportingPage = preloadableLazy(() =>
  import('../features/reports/components/reporting-page.tsx').then((m) => m.ReportingPage),
);
const AnalysisBasedReportPage = preloadableLazy(() =>
  import('../features/reports/components/analysis-based-report-page.tsx').then(
    (m) => m.AnalysisBasedReportPage,
  ),
);
const MyReportsPage = preloadableLazy(() =>
  import('../features/reports/components/my-reports-page.tsx').then((m) => m.MyReportsPage),
);
const TemplateSettingsPage = preloadableLazy(() =>
  import('../features/reports/components/template-settings-page.tsx').then(
    (m) => m.TemplateSettingsPage,
  ),
);
const PdfSettingsPage = preloadableLazy(() =>
  import('../features/reports/components/pdf-settings-page.tsx').then((m) => m.PdfSettingsPage),
);
/** A shared report link (`/#report-key=<key>`) on the public home page; nothing without a key. */
export const ReportKeyDownload = preloadableLazy(() =>
  import('../features/reports/components/report-key-download.tsx').then((m) => m.ReportKeyDownload),
);

/** Which report feature renders each route (merged into the screen table of screens.tsx). */
export const REPORTS_SCREENS: Readonly<Record<string, () => ReactNode>> = {
  reporting: () => <ReportingPage />,
  'analysis-based-report': () => <AnalysisBasedReportPage />,
  'my-reports': () => <MyReportsPage />,
  'template-settings': () => <TemplateSettingsPage />,
  'pdf-settings': () => <PdfSettingsPage />,
};
