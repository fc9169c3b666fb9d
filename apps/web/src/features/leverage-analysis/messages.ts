/** Turkish texts of the leverage-analysis screens. */
export const LEVERAGE_MESSAGES = {
  runSubtitle:
    'Türev araçlardan kaynaklanan açık pozisyon: standart (yükümlülük) yöntem ve brüt yöntem, FTD’ye oranla limite karşı.',
  resultSubtitle:
    'Tamamlanmış kaldıraç analizleri: türev pozisyon bazında risk tutarları ve toplamlar.',
  formTitle: 'Analiz Parametreleri',
  asOfDate: 'Analiz tarihi',
  hedges: 'Riskten korunma amaçlı türev pozisyonları (varlık kodları)',
  hedgesHint:
    'Risk biriminin riskten korunma amaçlı olarak belirlediği türev pozisyonlarının kodlarını yazıp Enter’a basın.',
  noResultYet: 'Portföyleri ve tarihi seçip analizi başlatın.',
  commitment: 'Açık pozisyon (standart yöntem)',
  gross: 'Kaldıraç (brüt yöntem)',
  hedgeDeduction: 'Riskten korunma indirimi',
  limit: 'Limit',
  usage: 'Limit kullanımı',
  nav: 'Fon Toplam Değeri',
  portfolio: 'Portföy',
  chartTitle: 'Standart ve brüt yöntem (% FTD) ile limit',
  resultInvalid: 'Sonuç belgesi beklenen biçimde değil.',
  noDerivatives: 'Bu portföyde türev pozisyon yok.',
} as const;
