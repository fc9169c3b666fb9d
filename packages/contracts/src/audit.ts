import { z } from 'zod';

/**
 * The kinds of record the audit trail names, with their Turkish names: the API records only
 * these (its `AuditEntry.entity`), the trail's filter and list show the names.
 */
export const AUDIT_ENTITY_LABELS = {
  user: 'Kullanıcı',
  'blog-post': 'Blog yazısı',
  instrument: 'Yatırım aracı',
  'corporate-action': 'Kurumsal işlem',
  portfolio: 'Portföy',
  'unified-portfolio': 'Birleştirilmiş fon',
  import: 'Dosya yükleme',
  'ticker-mapping': 'Sembol eşleştirme',
  benchmark: 'Karşılaştırma ölçütü',
  'market-series': 'Piyasa serisi',
  'market-values': 'Piyasa verisi',
  'fx-rates': 'Döviz kurları',
  'official-risk-values': 'Resmî risk değerleri',
  calendar: 'Tatil takvimi',
  'stress-scenario': 'Stres senaryosu',
  'analysis-run': 'Analiz çalıştırması',
  'audit-criterion': 'Denetim kriteri',
  'audit-breach': 'Denetim ihlali',
  report: 'Rapor',
  'report-template': 'Rapor şablonu',
  'report-schedule': 'Zamanlanmış rapor',
  'pdf-settings': 'PDF ayarları',
  'ftp-connection': 'FTP bağlantısı',
  'ftp-rule': 'FTP kuralı',
  settings: 'Ayar',
} as const;
export type AuditEntity = keyof typeof AUDIT_ENTITY_LABELS;

/** What a user or the system did, in the trail's Turkish: every action the API records. */
export const AUDIT_ACTION_LABELS = {
  'user.login': 'Oturum açma',
  'user.create': 'Kullanıcı ekleme',
  'user.update': 'Kullanıcı güncelleme',
  'user.delete': 'Kullanıcı silme',
  'user.change-password': 'Parola değiştirme',
  'user.modules': 'Modül yetkilerini değiştirme',
  'blog-post.create': 'Blog yazısı ekleme',
  'blog-post.update': 'Blog yazısı güncelleme',
  'blog-post.delete': 'Blog yazısı silme',
  'instrument.create': 'Yatırım aracı ekleme',
  'instrument.update': 'Yatırım aracı güncelleme',
  'instrument.delete': 'Yatırım aracı silme',
  'cash-flow.create': 'Nakit akışı ekleme',
  'cash-flow.delete': 'Nakit akışı silme',
  'corporate-action.create': 'Kurumsal işlem ekleme',
  'corporate-action.update': 'Kurumsal işlem güncelleme',
  'corporate-action.delete': 'Kurumsal işlem silme',
  'portfolio.create': 'Portföy ekleme',
  'portfolio.update': 'Portföy güncelleme',
  'portfolio.retire': 'Portföyü kullanımdan kaldırma',
  'portfolio.reactivate': 'Portföyü yeniden kullanıma alma',
  'portfolio.reference-benchmark': 'Referans ölçüt atama',
  'fee-rate.update': 'Yönetim ücreti oranını değiştirme',
  'unified-portfolio.create': 'Birleştirilmiş fon ekleme',
  'unified-portfolio.update': 'Birleştirilmiş fon güncelleme',
  'unified-portfolio.delete': 'Birleştirilmiş fon silme',
  'import.holdings': 'Portföy dağılımı yükleme',
  'import.prices': 'Fiyat yükleme',
  'import.fxRates': 'Döviz kuru yükleme',
  'import.instruments': 'Yatırım aracı yükleme',
  'import.corporateActions': 'Kurumsal işlem yükleme',
  'import.cashFlows': 'Nakit akışı yükleme',
  'import-settings.update': 'Yükleme ayarlarını değiştirme',
  'ticker-mapping.put': 'Sembol eşleştirme',
  'ticker-mapping.delete': 'Sembol eşleştirmesini silme',
  'benchmark.create': 'Karşılaştırma ölçütü ekleme',
  'benchmark.update': 'Karşılaştırma ölçütü güncelleme',
  'benchmark.delete': 'Karşılaştırma ölçütü silme',
  'market-series.create': 'Piyasa serisi ekleme',
  'market-series.update': 'Piyasa serisi güncelleme',
  'market-series.retire': 'Piyasa serisini kullanımdan kaldırma',
  'market-series.reactivate': 'Piyasa serisini yeniden kullanıma alma',
  'market-data.tcmb-fetch': 'TCMB kurlarını çekme',
  'market-data.tefas-fetch': 'TEFAS fiyatlarını çekme',
  'market-data.tefas-risk-values': 'TEFAS risk değerlerini çekme',
  'market-data-validation.update': 'Piyasa verisi kontrol ayarlarını değiştirme',
  'data-quality-settings.update': 'Veri kalitesi ayarlarını değiştirme',
  'calendar.update': 'Tatil takvimini değiştirme',
  'calendar.reset': 'Tatil takvimini sıfırlama',
  'stress-scenario.create': 'Stres senaryosu ekleme',
  'stress-scenario.update': 'Stres senaryosu güncelleme',
  'stress-scenario.delete': 'Stres senaryosu silme',
  'var-settings.update': 'RMD ayarlarını değiştirme',
  'analysis-run.create': 'Analiz başlatma',
  'analysis-run.cancel': 'Analizi iptal etme',
  'rmd-tracking.run-all': 'Tüm fonlar için RMD hesaplatma',
  'internal-audit.run-all': 'Tüm fonları denetletme',
  'internal-audit-settings.update': 'İç denetim ayarlarını değiştirme',
  'criterion.create': 'Denetim kriteri ekleme',
  'criterion.update': 'Denetim kriteri güncelleme',
  'criterion.retire': 'Denetim kriterini kaldırma',
  'criterion.import': 'Denetim kriterlerini yükleme',
  'breach.update': 'Denetim ihlalini güncelleme',
  'report.create': 'Rapor oluşturma',
  'report.regenerate': 'Raporu yeniden oluşturma',
  'report.delete': 'Rapor silme',
  'report-key.create': 'Rapor paylaşım bağlantısı oluşturma',
  'report-key.revoke': 'Rapor paylaşım bağlantısını iptal etme',
  'report-template.create': 'Rapor şablonu ekleme',
  'report-template.update': 'Rapor şablonu güncelleme',
  'report-template.delete': 'Rapor şablonu silme',
  'report-schedule.create': 'Zamanlanmış rapor ekleme',
  'report-schedule.update': 'Zamanlanmış rapor güncelleme',
  'report-schedule.delete': 'Zamanlanmış rapor silme',
  'pdf-settings.update': 'PDF ayarlarını değiştirme',
  'pdf-settings.logo': 'Logo yükleme',
  'pdf-settings.logo-delete': 'Logo silme',
  'ftp-connection.create': 'FTP bağlantısı ekleme',
  'ftp-connection.update': 'FTP bağlantısı güncelleme',
  'ftp-connection.delete': 'FTP bağlantısı silme',
  'ftp-connection.host-key-reset': 'FTP sunucu anahtarını sıfırlama',
  'ftp-rule.create': 'FTP kuralı ekleme',
  'ftp-rule.update': 'FTP kuralı güncelleme',
  'ftp-rule.delete': 'FTP kuralı silme',
  'ftp.pull.failed': 'FTP’den dosya alınamadı',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

/** The Turkish name of an action or kind of record (a code no longer recorded prints as itself). */
export function auditLabel(labels: Readonly<Record<string, string>>, code: string): string {
  return Object.hasOwn(labels, code) ? labels[code]! : code;
}

/** One record of the audit trail (`GET audit-log`): who, when, from where, what, before/after. */
export const AuditEntrySchema = z.object({
  id: z.number().int(),
  occurredAt: z.string(),
  actorUserId: z.number().int().nullable(),
  actorUsername: z.string().nullable(),
  /** e.g. `user.create`, `import.holdings`, `analysis-run.cancel`. */
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  clientAddress: z.string().nullable(),
  traceId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

const isoDate = z.iso.date('Tarih YYYY-AA-GG biçiminde olmalı.');

/** Filters of the audit trail; dates are inclusive calendar days (Europe/Istanbul). */
export const AuditListQuerySchema = z.object({
  from: isoDate.optional(),
  to: isoDate.optional(),
  /** Part of the actor's username. */
  actor: z.string().trim().max(100).optional(),
  /** Entity kind, e.g. `user`, `analysis-run`. */
  entity: z.string().trim().max(100).optional(),
  /** Part of the action, e.g. `delete`. */
  action: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});
export type AuditListQuery = z.output<typeof AuditListQuerySchema>;

export const AuditListResponseSchema = z.object({
  total: z.number().int(),
  items: z.array(AuditEntrySchema),
});
export type AuditListResponse = z.infer<typeof AuditListResponseSchema>;

/** The export takes the same filters without paging. */
export const AuditExportQuerySchema = AuditListQuerySchema.omit({ limit: true, offset: true });
/** Most records one export holds. */
export const AUDIT_EXPORT_MAX_ROWS = 100_000;
