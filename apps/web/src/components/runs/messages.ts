import { RUN_STATUS_LABELS } from '@fonrisk/contracts';

/** Turkish texts of the shared run components. */
export const RUN_MESSAGES = {
  status: RUN_STATUS_LABELS,
  cancel: 'İptal et',
  cancelRequested: 'İptal isteniyor…',
  attempt: (n: number) => `Deneme ${n}`,
  progressLabel: 'İlerleme',
  open: 'Aç',
  rerun: 'Yeniden çalıştır',
  noRuns: 'Filtrelere uyan analiz çalıştırması yok.',
  filters: {
    portfolio: 'Portföy kodu',
    from: 'Başlangıç tarihi',
    to: 'Bitiş tarihi',
    user: 'Çalıştıran',
    status: 'Durum',
    all: 'Tümü',
  },
  columns: {
    createdAt: 'Başlatılma',
    portfolios: 'Portföyler',
    dates: 'Analiz tarihi',
    user: 'Çalıştıran',
    status: 'Durum',
    duration: 'Süre',
  },
  seconds: (s: string) => `${s} sn`,
  total: (n: number) => `Toplam ${n} çalıştırma`,
} as const;
