import { SHIPPED_TEMPLATE_KEYS, type ReportTemplateValues } from '@fonrisk/contracts';

/**
 * The three templates every installation has (issue 15). Sections naming an analysis type that
 * no module registers yet are skipped with a note, and filled once the type is registered.
 */
export const SHIPPED_TEMPLATES: readonly (ReportTemplateValues & { key: string })[] = [
  {
    key: SHIPPED_TEMPLATE_KEYS.boardMonthly,
    name: 'Yönetim Kurulu Aylık Risk Raporu',
    description:
      'RMD, geriye dönük test, kaldıraç, stres testi, risk değeri, likidite, yoğunlaşma ve limit aşımları.',
    module: 1,
    includeMethods: true,
    sections: [
      {
        kind: 'text',
        title: 'Özet',
        text:
          '{sirketAdi} risk yönetimi birimi tarafından {fonAdi} için {tarih} tarihi itibarıyla ' +
          'hazırlanan aylık risk raporudur. Rapor, SPK Rehberi kapsamında yönetim kuruluna ' +
          'sunulacak risk ölçümlerini içerir.',
      },
      { kind: 'analysis', analysisType: 'var', title: 'Riske Maruz Değer (RMD)' },
      { kind: 'analysis', analysisType: 'backtest', title: 'Geriye Dönük Test' },
      { kind: 'analysis', analysisType: 'leverage', title: 'Kaldıraç' },
      { kind: 'analysis', analysisType: 'stress-test', title: 'Stres Testi' },
      { kind: 'analysis', analysisType: 'risk-value', title: 'Risk Değeri' },
      { kind: 'analysis', analysisType: 'liquidity-test', title: 'Likidite Testi' },
      { kind: 'analysis', analysisType: 'concentration-risk', title: 'Yoğunlaşma Riski' },
      { kind: 'limitBreaches', title: 'Limit Aşımları' },
    ],
  },
  {
    key: SHIPPED_TEMPLATE_KEYS.spkRiskUnit,
    name: 'SPK Risk Yönetim Birimi Raporu',
    description: 'SPK dosyası için RMD, geriye dönük test, stres testi ve kaldıraç.',
    module: 1,
    includeMethods: true,
    sections: [
      {
        kind: 'text',
        title: 'Kapsam',
        text:
          'Bu rapor, {fonAdi} için {tarih} tarihli risk ölçümlerini Sermaye Piyasası Kurulu ' +
          'Rehberi’nin 7.6 bölümü uyarınca içerir. Hazırlayan: {kullanici}.',
      },
      { kind: 'analysis', analysisType: 'var', title: 'Riske Maruz Değer (RMD)' },
      { kind: 'analysis', analysisType: 'backtest', title: 'Geriye Dönük Test' },
      { kind: 'analysis', analysisType: 'stress-test', title: 'Stres Testi' },
      { kind: 'analysis', analysisType: 'leverage', title: 'Kaldıraç' },
      { kind: 'limitBreaches', title: 'Limit Aşımları' },
    ],
  },
  {
    key: SHIPPED_TEMPLATE_KEYS.investorPerformance,
    name: 'Yatırımcı Performans Raporu',
    description:
      'Fon getirisinin karşılaştırma ölçütüyle kıyası, risk değeri ve fon istatistikleri.',
    module: 5,
    includeMethods: true,
    sections: [
      {
        kind: 'text',
        title: 'Değerli Yatırımcımız',
        text: '{fonAdi} fonunun {tarih} dönemine ait performansı aşağıda sunulmuştur.',
      },
      { kind: 'analysis', analysisType: 'performance-report', title: 'Performans' },
      { kind: 'analysis', analysisType: 'risk-value', title: 'Risk Değeri' },
      { kind: 'analysis', analysisType: 'fund-statistics', title: 'Fon İstatistikleri' },
    ],
  },
];
