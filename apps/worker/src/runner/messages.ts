import { InsufficientHistoryError, type RiskError } from '@fonrisk/risk';

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
  engineRefused: (error: RiskError) => `Analiz hesaplanamadı: ${engineReason(error)}.`,
  released: 'Hesaplama servisi yeniden başlatılıyor; analiz yeniden sıraya alındı.',
  crashRequeued: (next: number, max: number) =>
    `Hesaplama servisi yanıt vermedi; analiz yeniden sıraya alındı (deneme ${next}/${max}).`,
  crashFailed: 'İşlem sırasında hesaplama servisi durdu; yeniden deneme sınırı aşıldı.',
} as const;

/** What an InsufficientHistoryError counts, in Turkish. */
const COUNTED: Readonly<Record<string, string>> = {
  observations: 'gözlem',
  'weekly returns': 'haftalık getiri',
  dates: 'tarih',
};

/** Each code of the engine's errors (packages/risk errors.ts) in Turkish. */
const ENGINE_REASONS: Readonly<Record<string, string>> = {
  invalid_input: 'hesaplama motoru bir girdiyi geçersiz buldu',
  length_mismatch: 'birlikte kullanılan serilerin uzunlukları farklı',
  not_positive_definite:
    'kovaryans matrisi pozitif tanımlı değil (bazı risk faktörleri birbirinin doğrusal bileşimi)',
};

/**
 * Why the engine refused the run's inputs, in Turkish, with its own message (its values) after:
 * the same inputs are refused again, so the run is not retried.
 */
function engineReason(error: RiskError): string {
  const retry = 'aynı veriyle yeniden denemek sonucu değiştirmez';
  if (error instanceof InsufficientHistoryError) {
    const what = COUNTED[error.what] ?? error.what;
    return `yeterli geçmiş veri yok: en az ${String(error.required)} ${what} gerekir, ${String(error.actual)} var; ${retry}`;
  }
  const reason = ENGINE_REASONS[error.code] ?? 'hesaplama motoru bir hata bildirdi';
  return `${reason}; ${retry} (motorun iletisi: ${error.message})`;
}
