import type { Report, ReportSchedule, ReportTemplate } from '@fonrisk/contracts';

/** Test data of the report screens, shaped as the reports contract's responses. */
export const PORTFOLIOS = [
  {
    code: 'AAK',
    name: 'Ak Hisse Fonu',
    kind: 'fund',
    fundCategory: null,
    currency: 'TRY',
    referenceBenchmarkCode: null,
    managementCompany: null,
    isDemo: true,
    retiredAt: null,
    firstDate: '2025-01-02',
    lastDate: '2026-10-31',
    dateCount: 300,
  },
];

export const BOARD_TEMPLATE: ReportTemplate = {
  id: 1,
  key: 'board-monthly',
  name: 'Yönetim Kurulu Aylık Risk Raporu',
  description: 'RMD, geriye dönük test, kaldıraç, stres...',
  module: 1,
  sections: [
    { kind: 'text', title: 'Giriş', text: '{fonAdi} için {tarih} raporu' },
    { kind: 'analysis', analysisType: 'var', tables: ['summary'] },
    { kind: 'pageBreak' },
    { kind: 'limitBreaches' },
  ],
  includeMethods: true,
  shipped: true,
  updatedAt: '2026-11-01T09:00:00.000Z',
};

export const OWN_TEMPLATE: ReportTemplate = {
  ...BOARD_TEMPLATE,
  id: 9,
  key: null,
  name: 'Benim şablonum',
  shipped: false,
  module: 2,
  sections: [{ kind: 'text', title: 'Not', text: 'Merhaba' }],
};

const RUN_A = '00000000-0000-4000-8000-00000000000a';
const RUN_B = '00000000-0000-4000-8000-00000000000b';

export function reportFixture(overrides: Partial<Report> = {}): Report {
  return {
    id: 41,
    owner: { id: 7, fullName: 'Ayşe Hesap' },
    title: 'Yönetim Kurulu Aylık Risk Raporu · AAK · 31.10.2026',
    module: 1,
    status: 'done',
    progress: 1,
    progressMessage: null,
    template: { id: 1, name: BOARD_TEMPLATE.name },
    portfolioCodes: ['AAK'],
    asOfDate: '2026-10-31',
    fromDate: null,
    toDate: null,
    sourceRunId: null,
    runsUsed: [
      { runId: RUN_A, analysisType: 'var', portfolioCodes: ['AAK'], reused: true },
      { runId: RUN_B, analysisType: 'backtest', portfolioCodes: ['AAK'], reused: false },
    ],
    files: [
      { format: 'pdf', fileName: 'kurul-raporu.pdf', sizeBytes: 204_800, pages: 21 },
      { format: 'xlsx', fileName: 'kurul-raporu.xlsx', sizeBytes: 51_200, pages: null },
    ],
    scheduleId: null,
    demo: false,
    omittedModules: [],
    createdAt: '2026-11-01T08:00:00.000Z',
    finishedAt: '2026-11-01T08:00:04.000Z',
    error: null,
    ...overrides,
  };
}

export function scheduleFixture(overrides: Partial<ReportSchedule> = {}): ReportSchedule {
  return {
    id: 3,
    name: 'Aylık kurul raporu',
    owner: { id: 7, fullName: 'Ayşe Hesap' },
    templateId: 1,
    templateName: BOARD_TEMPLATE.name,
    portfolioCodes: ['AAK'],
    frequency: 'monthly-bd-n',
    weekday: null,
    businessDay: 3,
    time: '08:30',
    ftpConnectionId: null,
    enabled: true,
    lastRunAt: null,
    lastReportId: null,
    lastError: null,
    demo: false,
    createdAt: '2026-11-01T08:00:00.000Z',
    ...overrides,
  };
}

/** The body of the last call with this method and path, parsed. */
export function bodyOf(
  calls: readonly { method: string; path: string; body: BodyInit | null | undefined }[],
  method: string,
  path: string,
): unknown {
  const call = calls.findLast((c) => c.method === method && c.path === path);
  if (call === undefined) throw new Error(`no ${method} ${path}`);
  return JSON.parse(call.body as string);
}
