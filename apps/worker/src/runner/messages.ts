/** Turkish texts the runner writes on runs (progress messages and failure reasons). */
export const RUNNER_MESSAGES = {
  started: 'Analiz başladı.',
  unknownType: (type: string) => `"${type}" analiz türü bu sürümde hesaplanamıyor.`,
  invalidInputs: (details: string) => `Analiz girdileri geçersiz: ${details}`,
  invalidResult: 'Analiz sonucu beklenen biçimde üretilemedi; lütfen sistem yöneticisine bildirin.',
  retrying: (next: number, max: number) =>
    `Beklenmeyen bir hata oluştu; analiz yeniden denenecek (deneme ${next}/${max}).`,
  failedAfterRetries:
    'Analiz hesaplanırken beklenmeyen bir hata oluştu; yeniden deneme sınırı aşıldı.',
  released: 'Hesaplama servisi yeniden başlatılıyor; analiz yeniden sıraya alındı.',
  crashRequeued: (next: number, max: number) =>
    `Hesaplama servisi yanıt vermedi; analiz yeniden sıraya alındı (deneme ${next}/${max}).`,
  crashFailed: 'İşlem sırasında hesaplama servisi durdu; yeniden deneme sınırı aşıldı.',
} as const;
