/** Turkish texts of the rmd-tracking screen. */
export const RMD_TRACKING_MESSAGES = {
  subtitle:
    'Tüm portföylerin son RMD değeri, limiti, limit kullanımı ve aşım durumu; portföy bazında geçmiş.',
  colPortfolio: 'Portföy',
  colApproach: 'Yaklaşım',
  colDate: 'Son RMD Tarihi',
  colVarTry: 'RMD (TL)',
  colVarPct: 'RMD (% FTD)',
  colLimit: 'Limit (% FTD)',
  colUsage: 'Kullanım',
  colStatus: 'Durum',
  colDaysInBreach: 'Aşımdaki Gün',
  noData: 'Veri yok',
  warningThreshold: (pct: string): string => `Uyarı eşiği: limitin ${pct}’i`,
  counts: (ok: number, warning: number, breach: number): string =>
    `${ok} uygun · ${warning} uyarı · ${breach} aşım`,
  unavailable: 'RMD limit takibi yüklenemedi.',
  empty: 'Henüz tamamlanmış RMD analizi yok.',
  historyTitle: (code: string): string => `${code} · RMD (% FTD) ve limit geçmişi`,
  historyVar: 'RMD (% FTD)',
  historyLimit: 'Limit',
  historyEmpty: 'Bu portföy için geçmiş yok.',
  chooseRow: 'Geçmişini görmek için bir portföy satırına tıklayın.',
  openRun: 'Analizi aç',
  movesTitle: (points: string): string =>
    `Limit kullanımı ${points} puandan fazla değişen günler: RMD neden değişti?`,
  movesNone: (points: string): string =>
    `Limit kullanımı hiçbir gün ${points} puandan fazla değişmedi.`,
  move: (date: string, previous: string, change: string): string =>
    `${date} (önceki: ${previous}): kullanım ${change} puan`,
  explain: 'Açıkla',
  hide: 'Gizle',
  runAll: 'Tümü için RMD hesapla',
  runAllQueued: (n: number): string => `${n} fon için RMD hesaplaması kuyruğa alındı.`,
  runAllNone: 'Portföy dağılımı olan fon bulunamadı.',
  runAllProgressLabel: 'Toplu RMD hesaplamasının ilerlemesi',
  runAllProgress: (ended: number, total: number, failed: number): string =>
    `${ended}/${total} fon tamamlandı${failed > 0 ? ` · ${failed} başarısız` : ''}`,
} as const;
