/** Turkish texts of the active-share screens. */
export const ACTIVE_SHARE_MESSAGES = {
  runSubtitle:
    'Fonun portföy tabanlı karşılaştırma ölçütüne göre aktif payı (fon ve ölçüt ağırlıkları farklarının mutlak toplamının yarısı), menkul kıymet ve sektör bazında fazla/eksik ağırlıklar, gerçekleşen izleme hatası ve bilgi oranı.',
  resultSubtitle:
    'Tamamlanmış aktif pay hesapları: aktif pay, fazla ve eksik ağırlıklar, izleme hatası ve aktif pay geçmişi.',
  formTitle: 'Hesap Parametreleri',
  funds: 'Fonlar',
  asOfDate: 'Hesap tarihi',
  benchmark: 'Karşılaştırma ölçütü',
  benchmarkHint:
    'Boş bırakılırsa her fonun referans ölçütü kullanılır; ölçüt portföy tabanlı (pay bazında varlıkları olan) olmalıdır.',
  referenceBenchmark: 'Fonun referans ölçütü',
  windowDays: 'İzleme hatası penceresi (iş günü)',
  windowDaysShort: (n: number) => `izleme hatası ${String(n)} iş günü`,
  windowDaysHint:
    'Hesap tarihinde biten ortak günlük getiriler; aktif pay geçmişi de bu penceredeki portföy tarihlerini kapsar.',
  noResultYet: 'Fonları, tarihi ve gerekirse ölçütü seçip hesabı başlatın.',
  fund: 'Fon',
  activeShare: 'Aktif pay',
  activeShareHint: (benchmark: string, date: string) => `${benchmark} · ${date}`,
  sectorActiveShare: 'Sektör aktif payı',
  sectorActiveShareHint: 'Aktif payın sektör ağırlık farklarından gelen kısmı',
  trackingError: 'İzleme hatası (yıllık)',
  trackingErrorHint: (n: number) => `${n} ortak günlük getiri`,
  informationRatio: 'Bilgi oranı (yıllık)',
  informationRatioHint: (premium: string) => `Yıllık aktif getiri ${premium}`,
  notes: 'Notlar',
  none: '–',
} as const;
