import type { StressShocks } from '@fonrisk/contracts';

/**
 * Named Turkish stress scenarios shipped with the product (inserted once, editable on the
 * stress-test screen). Each figure's source is written in the description. The figures are
 * rounded market moves over the named window as recalled from the cited public series; they were
 * not re-downloaded from the primary source when this file was written, and every description
 * says so, so that the risk unit checks them against TCMB EVDS / Borsa İstanbul data and edits
 * them on screen (Rehber §7.6.5 asks for a documented procedure per fund).
 */
export interface ShippedScenario {
  readonly code: string;
  readonly name: string;
  readonly description: string;
  readonly shocks: StressShocks;
}

const VERIFY =
  'Rakamlar yuvarlanmış yaklaşık değerlerdir ve birincil kaynaktan yeniden indirilerek doğrulanmamıştır; kullanmadan önce belirtilen kaynaklarla karşılaştırıp gerekirse düzenleyin.';

export const SHIPPED_SCENARIOS: readonly ShippedScenario[] = [
  {
    code: 'tr-2018-08-lira-crisis',
    name: 'Ağustos 2018 Kur Krizi',
    description: [
      'Pencere: 31.07.2018 - 31.08.2018.',
      'USD/TRY +%33 ve EUR/TRY +%32: TCMB gösterge döviz alış kurları (EVDS TP.DK.USD.A, TP.DK.EUR.A), yaklaşık 4,92 → 6,55 ve 5,75 → 7,60.',
      'BIST 100 -%4: Borsa İstanbul XU100 kapanışları, yaklaşık 96.000 → 92.000.',
      'Altın (TL) +%30: ons altın USD bazında yaklaşık -%2, kur etkisiyle TL bazında yükseliş.',
      'TL faiz eğrisi: kısa uç +700 bp, uzun uç +300 bp (2 ve 10 yıllık DİBS gösterge faizleri; TCMB 13.09.2018’de politika faizini %17,75’ten %24’e yükseltti, PPK kararı).',
      'Kredi marjı özel sektör +200 bp: kaynak bulunamadı, uzman varsayımı.',
      VERIFY,
    ].join(' '),
    shocks: {
      equityPct: -4,
      fxPct: { USD: 33, EUR: 32, GBP: 30 },
      goldPct: 30,
      curvePoints: [
        { tenorDays: 365, bp: 700 },
        { tenorDays: 3650, bp: 300 },
      ],
      creditSpreadBp: {
        corporateBond: 200,
        leaseCertificate: 200,
        commercialPaper: 200,
        bankBill: 200,
      },
    },
  },
  {
    code: 'tr-2020-03-covid',
    name: 'Mart 2020 Pandemi Şoku',
    description: [
      'Pencere: 28.02.2020 - 23.03.2020 (BIST 100 dip noktası).',
      'BIST 100 -%24: Borsa İstanbul XU100 kapanışları, yaklaşık 110.000 → 84.000.',
      'USD/TRY +%5, EUR/TRY +%5: TCMB gösterge kurları (EVDS), yaklaşık 6,22 → 6,52.',
      'Altın (TL) +%4.',
      'TL faiz eğrisi paralel +150 bp (10 yıllık DİBS gösterge faizi yaklaşık %11,5 → %13).',
      'Opsiyon oynaklığı +25 puan: VİOP endeks opsiyonu ima edilen oynaklık verisi bulunamadı; VIX’in aynı dönemdeki yükselişinden uzman varsayımı.',
      VERIFY,
    ].join(' '),
    shocks: {
      equityPct: -24,
      fxPct: { USD: 5, EUR: 5, GBP: 0 },
      goldPct: 4,
      parallelBp: 150,
      volatilityPoints: 25,
      creditSpreadBp: { corporateBond: 150, leaseCertificate: 150 },
    },
  },
  {
    code: 'tr-2021-12-lira-crisis',
    name: 'Aralık 2021 Kur Krizi',
    description: [
      'Pencere: 01.11.2021 - 20.12.2021 (kur zirvesi, kur korumalı mevduat duyurusundan önce).',
      'USD/TRY +%88, EUR/TRY +%85: TCMB gösterge kurları (EVDS), yaklaşık 9,65 → 18,15.',
      'BIST 100 +%20 (TL bazında; USD bazında düşüş): Borsa İstanbul XU100, yaklaşık 1.500 → 1.800 (2020’deki 100’e bölme sonrası ölçek).',
      'Altın (TL) +%80.',
      'TL faiz eğrisi: kısa uç +300 bp, uzun uç +500 bp (10 yıllık DİBS gösterge faizi yaklaşık %19 → %24); TCMB bu dönemde politika faizini %16’dan %14’e indirdi (PPK kararları).',
      VERIFY,
    ].join(' '),
    shocks: {
      equityPct: 20,
      fxPct: { USD: 88, EUR: 85, GBP: 85 },
      goldPct: 80,
      curvePoints: [
        { tenorDays: 365, bp: 300 },
        { tenorDays: 3650, bp: 500 },
      ],
    },
  },
  {
    code: 'tr-2023-rate-shock',
    name: '2023 Tipi Faiz Şoku',
    description: [
      'Haziran 2023 - Mart 2024 parasal sıkılaştırmasına benzer bir faiz şoku.',
      'Politika faizi %8,5 → %50 (TCMB PPK kararları, 22.06.2023 - 21.03.2024): kısa uç +3000 bp.',
      'Uzun uç +1400 bp: 10 yıllık DİBS gösterge faizi yaklaşık %10 → %24 (EVDS).',
      'USD/TRY +%25 (yaklaşık 23,5 → 29,5 ilk aylarda), BIST 100 -%10 ve özel sektör kredi marjı +300 bp: kaynak bulunamadı, uzman varsayımı.',
      VERIFY,
    ].join(' '),
    shocks: {
      equityPct: -10,
      fxPct: { USD: 25, EUR: 25, GBP: 25 },
      curvePoints: [
        { tenorDays: 91, bp: 3000 },
        { tenorDays: 365, bp: 2500 },
        { tenorDays: 3650, bp: 1400 },
      ],
      creditSpreadBp: {
        corporateBond: 300,
        leaseCertificate: 300,
        commercialPaper: 300,
        bankBill: 300,
        assetBackedSecurity: 300,
      },
    },
  },
];
