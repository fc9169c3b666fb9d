/** Turkish texts of the audit trail panel (user settings, Admin and Super Admin). */
export const AUDIT_MESSAGES = {
  title: 'Denetim İzi',
  description:
    'Her değişiklik kimin, ne zaman, hangi adresten, neyi değiştirdiği ve önceki/sonraki değerleriyle kaydedilir. Kayıtlar değiştirilemez ve silinemez.',
  from: 'Başlangıç tarihi',
  to: 'Bitiş tarihi',
  actor: 'Kullanıcı',
  entity: 'Kayıt türü',
  action: 'İşlem',
  anyEntity: 'Tümü',
  filter: 'Filtrele',
  clear: 'Temizle',
  export: 'Excel’e aktar',
  occurredAt: 'Zaman',
  clientAddress: 'Adres',
  record: 'Kayıt',
  changes: 'Değişiklik',
  before: 'Önce',
  after: 'Sonra',
  empty: 'Seçilen ölçütlere uyan kayıt yok.',
  unavailable: 'Denetim izi yüklenemedi.',
  total: (n: number) => `${n.toLocaleString('tr-TR')} kayıt`,
  unknownActor: 'Sistem',
} as const;

/** Turkish names of the entity kinds the services record. */
export const AUDIT_ENTITY_LABELS: Readonly<Record<string, string>> = {
  user: 'Kullanıcı',
  'blog-post': 'Blog yazısı',
  instrument: 'Yatırım aracı',
  portfolio: 'Portföy',
  'unified-portfolio': 'Birleştirilmiş fon',
  import: 'Dosya yükleme',
  'ticker-mapping': 'Sembol eşleştirme',
  benchmark: 'Karşılaştırma ölçütü',
  'analysis-run': 'Analiz çalıştırması',
  setting: 'Ayar',
  settings: 'Ayar',
  'market-data': 'Piyasa verisi',
};
