/** Turkish texts of the stored fee rate of a fund. */
export const FEE_RATE_MESSAGES = {
  label: 'Yıllık yönetim ücreti oranı (%)',
  description:
    'Fonun taşıdığı yıllık ücret; performans raporunda brüt getiri için günlük olarak geri eklenir (Rehber 8.3 c).',
  none: 'Kayıtlı ücret oranı yok',
  stored: (pct: string): string => `Kayıtlı ücret oranı: %${pct}`,
  save: 'Kaydet',
  saved: 'Ücret oranı kaydedildi.',
  invalid: '0 ile 20 arasında bir oran girin.',
  failed: 'Ücret oranı kaydedilemedi.',
} as const;
