/** Turkish texts of the unified funds screen. */
export const UNIFIED_MESSAGES = {
  subtitle:
    'Birden çok fon veya müşteri portföyünü tek bir birleşik portföy kodu altında toplayın ve ortak dağılımı görün.',
  newUnified: 'Yeni birleşik portföy',
  listTitle: 'Birleşik portföyler',
  empty: 'Henüz birleşik portföy tanımlanmamış.',
  code: 'Birleşik Portföy Kodu',
  name: 'Ad',
  members: 'Üye portföyler',
  membersPlaceholder: 'Fon veya müşteri portföyü seçin',
  view: 'Görüntüle',
  edit: 'Düzenle',
  delete: 'Sil',
  save: 'Kaydet',
  cancel: 'Vazgeç',
  createTitle: 'Yeni birleşik portföy',
  editTitle: (code: string): string => `${code} düzenleniyor`,
  saved: (code: string): string => `${code} kaydedildi.`,
  deleted: (code: string): string => `${code} silindi.`,
  deleteTitle: 'Birleşik portföy silinsin mi?',
  deleteText: (code: string): string =>
    `${code} tanımı silinecek; üye portföylerin verileri değişmez.`,
  holdingsTitle: (code: string): string => `${code} birleşik dağılımı`,
  holdingsHint:
    'Üyelerin aynı tarihteki kalemleri yatırım aracı bazında toplanır; her üyenin o tarihte verisi olmalıdır.',
  date: 'Tarih',
  noDates: 'Bu birleşik portföy için ortak tarih yok.',
  unavailable: 'Birleşik portföyler yüklenemedi.',
} as const;
