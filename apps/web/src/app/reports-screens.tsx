import { lazy, type ReactNode } from 'react';

// Report screens (issue 15), each loaded lazily with the reports feature.
const ReportingPage = lazy(() =>
  import('../features/reports/components/reporting-page.tsx').then((m) => ({
    default: m.ReportingPage,
  })),
);
const AnalysisBasedReportPage = lazy(() =>
  import('../features/reports/components/analysis-based-report-page.tsx').then((m) => ({
    default: m.AnalysisBasedReportPage,
  })),
);
const MyReportsPage = lazy(() =>
  import('../features/reports/components/my-reports-page.tsx').then((m) => ({
    default: m.MyReportsPage,
  })),
);
const TemplateSettingsPage = lazy(() =>
  import('../features/reports/components/template-settings-page.tsx').then((m) => ({
    default: m.TemplateSettingsPage,
  })),
);
const PdfSettingsPage = lazy(() =>
  import('../features/reports/components/pdf-settings-page.tsx').then((m) => ({
    default: m.PdfSettingsPage,
  })),
);
/** A shared report link (`/#report-key=<key>`) on the public home page; nothing without a key. */
export const ReportKeyDownload = lazy(() =>
  import('../features/reports/components/report-key-download.tsx').then((m) => ({
    default: m.ReportKeyDownload,
  })),
);

/** Which report feature renders each route (merged into the screen table of screens.tsx). */
export const REPORTS_SCREENS: Readonly<Record<string, () => ReactNode>> = {
  reporting: () => <ReportingPage />,
  'analysis-based-report': () => <AnalysisBasedReportPage />,
  'my-reports': () => <MyReportsPage />,
  'template-settings': () => <TemplateSettingsPage />,
  'pdf-settings': () => <PdfSettingsPage />,
};
