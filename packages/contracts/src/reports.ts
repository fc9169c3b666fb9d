import { z } from 'zod';
import { IsoDateSchema } from './market-values.ts';
import { MODULES, type ModuleNumber } from './modules.ts';
import { ANALYSIS_TYPE_IDS, findAnalysisType } from './analyses/registry.ts';
import { RUN_MAX_PORTFOLIOS } from './analyses/parameters.ts';

/**
 * Reports (issue 15): branded PDF and Excel assembled from analysis results, templates as data,
 * the company's PDF settings, my reports, Report-Key downloads and scheduled reports.
 * docs/decisions/0032-report-engine.md and 0033-report-templates-and-branding.md.
 * Each parameter's name, unit and default is defined here once.
 */

// --- API paths (under the server's origin; the web client strips the `/api` base) -----------------

export const REPORT_PATHS = {
  /** GET list (own; Admin and Super Admin everyone's), POST generate. */
  reports: '/api/reports',
  /** GET one, DELETE (removes its files). */
  report: '/api/reports/:id',
  /** GET the PDF (session). */
  pdf: '/api/reports/:id/pdf',
  /** GET the Excel workbook (session). */
  xlsx: '/api/reports/:id/xlsx',
  /** POST: generate the report again with the same inputs (new files, new runs reused or made). */
  regenerate: '/api/reports/:id/regenerate',
  /** GET the report's keys (never the secret), POST a new key (the secret is shown once). */
  keys: '/api/reports/:id/keys',
  /** DELETE: revoke a key. */
  key: '/api/reports/:id/keys/:keyId',
  /** POST with the `Report-Key` header, no session: the file (`?format=pdf|xlsx`, default pdf). */
  download: '/api/reports/download',
  /** POST `{ connectionId }`: sends the report's PDF and Excel to the FTP connection's outbound folder. */
  push: '/api/reports/:id/push',
  /** GET list, POST create. */
  templates: '/api/report-templates',
  /** GET, PUT, DELETE (shipped templates cannot be deleted). */
  template: '/api/report-templates/:id',
  /** POST a template body (saved or not): the PDF rendered on a demo fund (live preview). */
  templatePreview: '/api/report-templates/preview',
  /** GET, PUT the company's PDF settings. */
  pdfSettings: '/api/pdf-settings',
  /** PUT (multipart, field `file`) a PNG or SVG logo; DELETE removes it; GET returns it. */
  pdfSettingsLogo: '/api/pdf-settings/logo',
  /** POST PdfSettingsInput (unsaved allowed): a one-page preview PDF. */
  pdfSettingsPreview: '/api/pdf-settings/preview',
  /** GET list, POST create. */
  schedules: '/api/report-schedules',
  /** GET, PUT, DELETE. */
  schedule: '/api/report-schedules/:id',
} as const;

/** Fills `:id`, `:keyId` in a REPORT_PATHS entry. */
export function reportPath(
  path: string,
  params: Readonly<Record<string, string | number>>,
): string {
  return path.replace(/:([A-Za-z]+)/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The header of the session-less download (product-spec.md: "a POST with a Report-Key header"). */
export const REPORT_KEY_HEADER = 'Report-Key';

// --- report files -------------------------------------------------------------------------------------

export const ReportFormat = { Pdf: 'pdf', Xlsx: 'xlsx' } as const;
export type ReportFormat = (typeof ReportFormat)[keyof typeof ReportFormat];
export const REPORT_FORMATS = Object.values(ReportFormat) as [ReportFormat, ...ReportFormat[]];
export const ReportFormatSchema = z.enum(REPORT_FORMATS, { error: 'pdf veya xlsx olmalı' });

export const ReportFileSchema = z.object({
  format: ReportFormatSchema,
  /** Download name, e.g. `Yonetim-Kurulu-Risk-Raporu_AAK_2026-10-31.pdf`. */
  fileName: z.string(),
  sizeBytes: z.number().int().min(0),
  /** Number of pages (PDF only). */
  pages: z.number().int().min(1).nullable(),
});
export type ReportFile = z.infer<typeof ReportFileSchema>;

// --- templates ----------------------------------------------------------------------------------------

/**
 * Analysis types a template may name although no module registers them yet: a section of such a
 * type is skipped with a note in the PDF, and filled as soon as the type is registered.
 */
export const PLANNED_REPORT_ANALYSIS_TYPES = [
  'liquidity-test',
  'concentration-risk',
  'active-share',
] as const;

/** Every analysis type a template section may name (registered or planned). */
export function knownReportAnalysisTypes(): readonly string[] {
  return [...new Set<string>([...ANALYSIS_TYPE_IDS, ...PLANNED_REPORT_ANALYSIS_TYPES])];
}

/**
 * The module an analysis section needs: its type's module (a planned type is Module 2's, like
 * liquidity, concentration and active share); null: any module (bond analysis).
 */
export function reportSectionModule(analysisType: string): ModuleNumber | null {
  const type = findAnalysisType(analysisType);
  if (type) return type.module;
  return (PLANNED_REPORT_ANALYSIS_TYPES as readonly string[]).includes(analysisType) ? 2 : null;
}

/** The modules a template needs: its own and those of its analysis sections, ascending. */
export function templateModules(template: {
  readonly module: number;
  readonly sections: readonly ReportSection[];
}): ModuleNumber[] {
  const found = new Set<ModuleNumber>();
  if ((MODULES as readonly number[]).includes(template.module))
    found.add(template.module as ModuleNumber);
  for (const section of template.sections) {
    if (section.kind !== ReportSectionKind.Analysis) continue;
    const module = reportSectionModule(section.analysisType);
    if (module !== null) found.add(module);
  }
  return [...found].sort((a, b) => a - b);
}

/**
 * What a user is offered of a template (issue 21): a template of one of the user's modules is
 * offered and runs without the analysis sections of the modules the user lacks (`omittedModules`,
 * said once in the report list); a template of another module is not offered.
 */
export function templateOffer(
  template: { readonly module: number; readonly sections: readonly ReportSection[] },
  userModules: readonly number[],
): { readonly offered: boolean; readonly omittedModules: ModuleNumber[] } {
  return {
    offered: userModules.includes(template.module),
    omittedModules: templateModules(template).filter((m) => !userModules.includes(m)),
  };
}

/** The sections a user's report keeps: every one but the analyses of modules the user lacks. */
export function offeredSections(
  sections: readonly ReportSection[],
  userModules: readonly number[],
): ReportSection[] {
  return sections.filter((section) => {
    if (section.kind !== ReportSectionKind.Analysis) return true;
    const module = reportSectionModule(section.analysisType);
    return module === null || userModules.includes(module);
  });
}

/** "Modül 2" / "Modül 2, Modül 4": the modules named in a refusal or a note. */
export function moduleNames(modules: readonly number[]): string {
  return modules.map((m) => `Modül ${String(m)}`).join(', ');
}

/** The report list's one note of a report made without the sections of `modules`. */
export function omittedModulesNote(modules: readonly number[]): string {
  return `${moduleNames(modules)} yetkiniz olmadığından bu modülün bölümleri rapora alınmadı.`;
}

/** Placeholders of free-text blocks, with what they become. */
export const REPORT_PLACEHOLDERS = {
  fonAdi: 'Fon adı (birden çok portföyde virgülle)',
  fonKodu: 'Portföy kodu',
  tarih: 'Rapor tarihi (GG.AA.YYYY) veya dönem',
  donemBaslangic: 'Dönem başlangıcı',
  donemBitis: 'Dönem sonu',
  sirketAdi: 'Şirket adı (PDF ayarları)',
  kullanici: 'Raporu oluşturan kullanıcı',
  olusturmaZamani: 'Oluşturma zamanı',
} as const;
export type ReportPlaceholder = keyof typeof REPORT_PLACEHOLDERS;

export const ReportSectionKind = {
  Analysis: 'analysis',
  Text: 'text',
  PageBreak: 'pageBreak',
  LimitBreaches: 'limitBreaches',
} as const;
export type ReportSectionKind = (typeof ReportSectionKind)[keyof typeof ReportSectionKind];

const SectionTitle = z.string().trim().max(200, 'en fazla 200 karakter');

/**
 * An analysis result in the report: its `tables` and `charts` by name (absent: all of them, in
 * the result's order; an empty list: none).
 */
export const AnalysisSectionSchema = z.object({
  kind: z.literal(ReportSectionKind.Analysis),
  analysisType: z.string().min(1, 'analiz türü gerekli'),
  /** Heading in the PDF and sheet name; absent: the analysis type's title. */
  title: SectionTitle.optional(),
  tables: z.array(z.string().min(1)).optional(),
  charts: z.array(z.string().min(1)).optional(),
  /** Inputs added to the portfolios and date when the report starts this analysis. */
  inputs: z.record(z.string(), z.unknown()).optional(),
});
export type AnalysisSection = z.infer<typeof AnalysisSectionSchema>;

/** A free-text block; `{fonAdi}`, `{tarih}`... (REPORT_PLACEHOLDERS) are filled in. */
export const TextSectionSchema = z.object({
  kind: z.literal(ReportSectionKind.Text),
  title: SectionTitle.optional(),
  text: z.string().max(20_000, 'en fazla 20.000 karakter'),
});
export type TextSection = z.infer<typeof TextSectionSchema>;

export const PageBreakSectionSchema = z.object({ kind: z.literal(ReportSectionKind.PageBreak) });

/** The limit breaches of the report's portfolios in the period (RMD tracking). */
export const LimitBreachesSectionSchema = z.object({
  kind: z.literal(ReportSectionKind.LimitBreaches),
  title: SectionTitle.optional(),
});

export const ReportSectionSchema = z.discriminatedUnion(
  'kind',
  [AnalysisSectionSchema, TextSectionSchema, PageBreakSectionSchema, LimitBreachesSectionSchema],
  { error: 'bilinmeyen bölüm türü' },
);
export type ReportSection = z.infer<typeof ReportSectionSchema>;

/** Checks every analysis section names a known type (Turkish message naming the section). */
function checkSections(sections: readonly ReportSection[], ctx: z.RefinementCtx): void {
  const known = new Set(knownReportAnalysisTypes());
  sections.forEach((section, index) => {
    if (section.kind === 'analysis' && !known.has(section.analysisType)) {
      ctx.addIssue({
        code: 'custom',
        path: ['sections', index, 'analysisType'],
        message: `${String(index + 1)}. bölüm: bilinmeyen analiz türü "${section.analysisType}"`,
      });
    }
  });
}

const TemplateFields = {
  name: z.string().trim().min(1, 'şablon adı gerekli').max(120, 'en fazla 120 karakter'),
  description: z.string().trim().max(1000, 'en fazla 1000 karakter').default(''),
  /** The module the report belongs to in my-reports (1 to 5). */
  module: z
    .number({ error: 'modül 1 ile 5 arasında olmalı' })
    .int()
    .refine((m): m is ModuleNumber => (MODULES as readonly number[]).includes(m), {
      message: 'modül 1 ile 5 arasında olmalı',
    }),
  sections: z
    .array(ReportSectionSchema)
    .min(1, 'en az bir bölüm gerekli')
    .max(100, 'en fazla 100 bölüm'),
  /** Print the methods' text of each analysis at the end. */
  includeMethods: z.boolean().default(true),
};

/** POST/PUT report-templates and the preview body. */
export const ReportTemplateInputSchema = z.object(TemplateFields).superRefine((t, ctx) => {
  checkSections(t.sections, ctx);
});
export type ReportTemplateInput = z.input<typeof ReportTemplateInputSchema>;
export type ReportTemplateValues = z.output<typeof ReportTemplateInputSchema>;

export const ReportTemplateSchema = z.object({
  id: z.number().int(),
  /** Shipped templates (`board-monthly`, `spk-risk-unit`, `investor-performance`); null: user's. */
  key: z.string().nullable(),
  name: z.string(),
  description: z.string(),
  module: z.number().int(),
  sections: z.array(ReportSectionSchema),
  includeMethods: z.boolean(),
  shipped: z.boolean(),
  updatedAt: z.string(),
});
export type ReportTemplate = z.infer<typeof ReportTemplateSchema>;

/** The shipped templates' keys. */
export const SHIPPED_TEMPLATE_KEYS = {
  boardMonthly: 'board-monthly',
  spkRiskUnit: 'spk-risk-unit',
  investorPerformance: 'investor-performance',
} as const;

// --- PDF settings -------------------------------------------------------------------------------------

export const PageSize = { A4: 'A4', A3: 'A3', Letter: 'LETTER' } as const;
export type PageSize = (typeof PageSize)[keyof typeof PageSize];
export const PAGE_SIZES = Object.values(PageSize) as [PageSize, ...PageSize[]];
export const PAGE_SIZE_LABELS: Readonly<Record<PageSize, string>> = {
  A4: 'A4',
  A3: 'A3',
  LETTER: 'Letter (ABD)',
};

export const PageOrientation = { Portrait: 'portrait', Landscape: 'landscape' } as const;
export type PageOrientation = (typeof PageOrientation)[keyof typeof PageOrientation];
export const PAGE_ORIENTATION_LABELS: Readonly<Record<PageOrientation, string>> = {
  portrait: 'Dikey',
  landscape: 'Yatay',
};

/** Embedded fonts (all carry the Turkish letters ğ ş ı İ Ş Ğ). */
export const PDF_FONTS = ['Roboto'] as const;
export type PdfFont = (typeof PDF_FONTS)[number];

const HexColor = z.string().regex(/^#[0-9A-Fa-f]{6}$/, '#RRGGBB biçiminde renk olmalı');

export const PDF_SETTINGS_DEFAULTS = {
  companyName: 'Fonrisk Portföy Yönetimi A.Ş.',
  primaryColor: '#1C4E80',
  accentColor: '#EA6A47',
  textColor: '#202020',
  font: 'Roboto' as PdfFont,
  headerText: '',
  footerText: 'Bu rapor Fonrisk ile üretilmiştir.',
  pageSize: 'A4' as PageSize,
  orientation: 'portrait' as PageOrientation,
} as const;

/** PUT pdf-settings and the preview body. */
export const PdfSettingsInputSchema = z.object({
  companyName: z.string().trim().min(1, 'şirket adı gerekli').max(200, 'en fazla 200 karakter'),
  primaryColor: HexColor,
  accentColor: HexColor,
  textColor: HexColor,
  font: z.enum(PDF_FONTS, { error: 'desteklenen yazı tipi değil' }),
  headerText: z.string().max(300, 'en fazla 300 karakter'),
  footerText: z.string().max(300, 'en fazla 300 karakter'),
  pageSize: z.enum(PAGE_SIZES, { error: 'A4, A3 veya LETTER olmalı' }),
  orientation: z.enum(['portrait', 'landscape'], { error: 'dikey veya yatay olmalı' }),
});
export type PdfSettingsInput = z.infer<typeof PdfSettingsInputSchema>;

/** Logo formats a company may upload (checked by content on the server). */
export const LOGO_MIME_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;
export type LogoMimeType = (typeof LOGO_MIME_TYPES)[number];
export const LOGO_TYPE_LABELS: Readonly<Record<LogoMimeType, string>> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/svg+xml': 'SVG',
};

export const PdfSettingsSchema = PdfSettingsInputSchema.extend({
  /** The uploaded logo, if any. */
  logo: z
    .object({
      mimeType: z.enum(LOGO_MIME_TYPES),
      sizeBytes: z.number().int(),
      uploadedAt: z.string(),
    })
    .nullable(),
  updatedAt: z.string().nullable(),
});
export type PdfSettings = z.infer<typeof PdfSettingsSchema>;

/** Largest logo accepted (bytes). */
export const MAX_LOGO_BYTES = 512 * 1024;

// --- reports ----------------------------------------------------------------------------------------

export const ReportStatus = {
  Queued: 'queued',
  Running: 'running',
  Done: 'done',
  Failed: 'failed',
} as const;
export type ReportStatus = (typeof ReportStatus)[keyof typeof ReportStatus];
export const REPORT_STATUSES = Object.values(ReportStatus) as [ReportStatus, ...ReportStatus[]];
export const REPORT_STATUS_LABELS: Readonly<Record<ReportStatus, string>> = {
  queued: 'Sırada',
  running: 'Hazırlanıyor',
  done: 'Hazır',
  failed: 'Hata',
};
export const ReportStatusSchema = z.enum(REPORT_STATUSES, {
  error: 'geçerli bir rapor durumu değil',
});

/** An analysis run a report used: reused (finished before) or started by the report. */
export const ReportRunUsedSchema = z.object({
  runId: z.uuid(),
  analysisType: z.string(),
  portfolioCodes: z.array(z.string()),
  reused: z.boolean(),
});
export type ReportRunUsed = z.infer<typeof ReportRunUsedSchema>;

/**
 * The most portfolios one report (or report schedule) takes: as many as a run (a report of a
 * house's every fund). Its PDF is made a part at a time and its workbook as a stream (decisions
 * 0142, 0143).
 */
export const REPORT_MAX_PORTFOLIOS = RUN_MAX_PORTFOLIOS;
const TOO_MANY_PORTFOLIOS = `en fazla ${String(REPORT_MAX_PORTFOLIOS)} portföy`;

/**
 * POST reports. Either a template with portfolios and a date (`asOfDate`) or period
 * (`fromDate`..`toDate`), or `sourceRunId` (analysis-based-report: one finished run of any module;
 * the template is optional then and defaults to the run's tables and charts).
 */
export const CreateReportRequestSchema = z
  .object({
    title: z.string().trim().max(200, 'en fazla 200 karakter').optional(),
    templateId: z.number().int().positive().optional(),
    portfolioCodes: z
      .array(z.string().trim().min(1))
      .max(REPORT_MAX_PORTFOLIOS, TOO_MANY_PORTFOLIOS)
      .default([]),
    asOfDate: IsoDateSchema.optional(),
    fromDate: IsoDateSchema.optional(),
    toDate: IsoDateSchema.optional(),
    sourceRunId: z.uuid({ error: 'geçerli bir analiz numarası değil' }).optional(),
  })
  .superRefine((r, ctx) => {
    if (r.sourceRunId !== undefined) return;
    if (r.templateId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['templateId'], message: 'şablon seçin' });
    }
    if (r.portfolioCodes.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['portfolioCodes'],
        message: 'en az bir portföy seçin',
      });
    }
    const period = r.fromDate !== undefined || r.toDate !== undefined;
    if (r.asOfDate === undefined && !period) {
      ctx.addIssue({ code: 'custom', path: ['asOfDate'], message: 'tarih veya dönem seçin' });
    }
    if (r.asOfDate !== undefined && period) {
      ctx.addIssue({
        code: 'custom',
        path: ['asOfDate'],
        message: 'tarih ile dönem birlikte seçilemez',
      });
    }
    if (period && (r.fromDate === undefined || r.toDate === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['toDate'], message: 'dönemin iki ucu da gerekli' });
    }
    if (r.fromDate !== undefined && r.toDate !== undefined && r.fromDate > r.toDate) {
      ctx.addIssue({
        code: 'custom',
        path: ['toDate'],
        message: 'bitiş tarihi başlangıçtan önce olamaz',
      });
    }
  });
export type CreateReportRequest = z.input<typeof CreateReportRequestSchema>;

export const ReportSchema = z.object({
  id: z.number().int(),
  owner: z.object({ id: z.number().int().nullable(), fullName: z.string() }),
  title: z.string(),
  module: z.number().int(),
  status: ReportStatusSchema,
  /** 0..1 and the current step, while generating. */
  progress: z.number().min(0).max(1),
  progressMessage: z.string().nullable(),
  template: z.object({ id: z.number().int().nullable(), name: z.string() }),
  portfolioCodes: z.array(z.string()),
  asOfDate: IsoDateSchema.nullable(),
  fromDate: IsoDateSchema.nullable(),
  toDate: IsoDateSchema.nullable(),
  sourceRunId: z.uuid().nullable(),
  runsUsed: z.array(ReportRunUsedSchema),
  files: z.array(ReportFileSchema),
  /** Made by a schedule (its id), else null. */
  scheduleId: z.number().int().nullable(),
  demo: z.boolean(),
  /** Modules whose sections the template has but the report left out (the user lacks them). */
  omittedModules: z.array(z.number().int()),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Turkish reason of a failed report. */
  error: z.string().nullable(),
});
export type Report = z.infer<typeof ReportSchema>;

export const ReportListQuerySchema = z
  .object({
    module: z.coerce
      .number({ error: 'modül 1 ile 5 arasında olmalı' })
      .int()
      .min(1, 'modül 1 ile 5 arasında olmalı')
      .max(5, 'modül 1 ile 5 arasında olmalı')
      .optional(),
    status: ReportStatusSchema.optional(),
    /** Reports created on or after / on or before (YYYY-MM-DD, Istanbul). */
    from: IsoDateSchema.optional(),
    to: IsoDateSchema.optional(),
    limit: z.coerce.number().int().min(1).max(500).default(100),
    offset: z.coerce.number().int().min(0).default(0),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
    path: ['to'],
    error: 'bitiş tarihi başlangıçtan önce olamaz',
  });
export type ReportListQuery = z.input<typeof ReportListQuerySchema>;

export const ReportListResponseSchema = z.object({
  total: z.number().int().min(0),
  items: z.array(ReportSchema),
});
export type ReportListResponse = z.infer<typeof ReportListResponseSchema>;

// --- Report-Key -----------------------------------------------------------------------------------

export const REPORT_KEY_DEFAULT_DAYS = 7;
export const REPORT_KEY_MAX_DAYS = 365;

export const CreateReportKeyRequestSchema = z.object({
  /** Days until the key expires. */
  expiresInDays: z
    .number({ error: 'sayı olmalı' })
    .int('tam sayı olmalı')
    .min(1, 'en az 1 gün')
    .max(REPORT_KEY_MAX_DAYS, `en fazla ${String(REPORT_KEY_MAX_DAYS)} gün`)
    .default(REPORT_KEY_DEFAULT_DAYS),
});
export type CreateReportKeyRequest = z.input<typeof CreateReportKeyRequestSchema>;

export const ReportKeySchema = z.object({
  id: z.number().int(),
  /** First characters of the key, to tell keys apart. */
  prefix: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  createdBy: z.string(),
});
export type ReportKey = z.infer<typeof ReportKeySchema>;

/** POST keys: the secret, shown once (only its hash is stored). */
export const CreatedReportKeySchema = ReportKeySchema.extend({ key: z.string() });
export type CreatedReportKey = z.infer<typeof CreatedReportKeySchema>;

export const ReportDownloadQuerySchema = z.object({ format: ReportFormatSchema.default('pdf') });

// --- schedules --------------------------------------------------------------------------------------

export const ReportFrequency = {
  Daily: 'daily',
  Weekly: 'weekly',
  MonthlyBusinessDay: 'monthly-bd-n',
} as const;
export type ReportFrequency = (typeof ReportFrequency)[keyof typeof ReportFrequency];
export const REPORT_FREQUENCY_LABELS: Readonly<Record<ReportFrequency, string>> = {
  daily: 'Her iş günü',
  weekly: 'Haftalık',
  'monthly-bd-n': 'Ayın n. iş günü',
};
/** Schedules run in Istanbul time. */
export const REPORT_SCHEDULE_TIME_ZONE = 'Europe/Istanbul';

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * POST/PUT report-schedules. `weekday` (1 = Monday .. 5 = Friday) for weekly; `businessDay`
 * (1..23, the n-th business day of the month) for monthly-bd-n. The report date is the previous
 * business day of the run day.
 */
export const ReportScheduleInputSchema = z
  .object({
    name: z.string().trim().min(1, 'ad gerekli').max(120, 'en fazla 120 karakter'),
    templateId: z.number({ error: 'şablon seçin' }).int().positive(),
    portfolioCodes: z
      .array(z.string().trim().min(1))
      .min(1, 'en az bir portföy seçin')
      .max(REPORT_MAX_PORTFOLIOS, TOO_MANY_PORTFOLIOS),
    frequency: z.enum(['daily', 'weekly', 'monthly-bd-n'], {
      error: 'günlük, haftalık veya aylık olmalı',
    }),
    weekday: z.number().int().min(1, '1-5 arası').max(5, '1-5 arası').nullable().default(null),
    businessDay: z
      .number()
      .int()
      .min(1, '1 ile 23 arası')
      .max(23, '1 ile 23 arası')
      .nullable()
      .default(null),
    /** HH:MM, Europe/Istanbul. */
    time: z.string().regex(HHMM, 'SS:DD biçiminde olmalı'),
    ftpConnectionId: z.number().int().positive().nullable().default(null),
    enabled: z.boolean().default(true),
  })
  .superRefine((s, ctx) => {
    if (s.frequency === 'weekly' && s.weekday === null) {
      ctx.addIssue({ code: 'custom', path: ['weekday'], message: 'haftanın gününü seçin' });
    }
    if (s.frequency === 'monthly-bd-n' && s.businessDay === null) {
      ctx.addIssue({ code: 'custom', path: ['businessDay'], message: 'ayın kaçıncı iş günü?' });
    }
  });
export type ReportScheduleInput = z.input<typeof ReportScheduleInputSchema>;
export type ReportScheduleValues = z.output<typeof ReportScheduleInputSchema>;

export const ReportScheduleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  owner: z.object({ id: z.number().int().nullable(), fullName: z.string() }),
  templateId: z.number().int(),
  templateName: z.string(),
  portfolioCodes: z.array(z.string()),
  frequency: z.enum(['daily', 'weekly', 'monthly-bd-n']),
  weekday: z.number().int().nullable(),
  businessDay: z.number().int().nullable(),
  time: z.string(),
  ftpConnectionId: z.number().int().nullable(),
  enabled: z.boolean(),
  lastRunAt: z.string().nullable(),
  lastReportId: z.number().int().nullable(),
  lastError: z.string().nullable(),
  demo: z.boolean(),
  createdAt: z.string(),
});
export type ReportSchedule = z.infer<typeof ReportScheduleSchema>;

/** my-reports' "FTP'ye gönder": which file-delivery connection receives the report's files. */
export const PushReportRequestSchema = z.object({
  connectionId: z
    .number({ error: 'Bir FTP bağlantısı seçin.' })
    .int({ error: 'Bir FTP bağlantısı seçin.' })
    .positive({ error: 'Bir FTP bağlantısı seçin.' }),
});
export type PushReportRequest = z.infer<typeof PushReportRequestSchema>;
