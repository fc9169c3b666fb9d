/**
 * The demo's fictional Borsa İstanbul shares. Tickers and names are made up in the style of real
 * ones; they are not listed companies. `sharesMn` (million shares) and `price` (TRY at the start
 * of the history) set the market capitalisation that weights the demo indices.
 */
export const Sector = {
  Banks: 'Bankacılık',
  Holdings: 'Holding',
  Industry: 'Sanayi',
  Retail: 'Perakende',
  Energy: 'Enerji',
  Telecom: 'Telekomünikasyon',
  Aviation: 'Havacılık',
  Steel: 'Demir Çelik',
  Food: 'Gıda ve İçecek',
  Automotive: 'Otomotiv',
  Cement: 'Çimento ve İnşaat',
} as const;
export type Sector = (typeof Sector)[keyof typeof Sector];

export const SECTORS = Object.values(Sector);

/** Market beta and daily idiosyncratic volatility of each sector's shares. */
export const SECTOR_RISK: Readonly<Record<Sector, { beta: number; idioVol: number }>> = {
  Bankacılık: { beta: 1.3, idioVol: 0.011 },
  Holding: { beta: 1.1, idioVol: 0.009 },
  Sanayi: { beta: 0.9, idioVol: 0.014 },
  Perakende: { beta: 0.75, idioVol: 0.012 },
  Enerji: { beta: 0.9, idioVol: 0.015 },
  Telekomünikasyon: { beta: 0.8, idioVol: 0.011 },
  Havacılık: { beta: 1.15, idioVol: 0.016 },
  'Demir Çelik': { beta: 1.05, idioVol: 0.014 },
  'Gıda ve İçecek': { beta: 0.7, idioVol: 0.012 },
  Otomotiv: { beta: 1.0, idioVol: 0.013 },
  'Çimento ve İnşaat': { beta: 0.95, idioVol: 0.016 },
};

export interface StockDef {
  readonly ticker: string;
  readonly name: string;
  readonly sector: Sector;
  readonly sharesMn: number;
  readonly price: number;
  /** Eligible for a participation (katılım) fund: interest-free business. */
  readonly participation: boolean;
}

const S = Sector;
const row = (
  ticker: string,
  name: string,
  sector: Sector,
  sharesMn: number,
  price: number,
): StockDef => ({
  ticker,
  name,
  sector,
  sharesMn,
  price,
  participation: sector !== S.Banks && sector !== S.Holdings,
});

export const STOCKS: readonly StockDef[] = [
  row('ANDBK', 'Anadolu Kalkınma Bankası A.Ş.', S.Banks, 4200, 28.4),
  row('MRMBN', 'Marmara Ticaret Bankası A.Ş.', S.Banks, 3500, 41.2),
  row('EGEBK', 'Ege Birlik Bankası A.Ş.', S.Banks, 2500, 19.8),
  row('KZLBN', 'Kızılırmak Bankası T.A.Ş.', S.Banks, 2800, 12.6),
  row('BSFBK', 'Boğaziçi Finans Bankası A.Ş.', S.Banks, 1200, 33.5),
  { ...row('TKYBN', 'Toros Katılım Bankası A.Ş.', S.Banks, 900, 15.2), participation: true },
  row('KRTHL', 'Karataş Holding A.Ş.', S.Holdings, 2600, 96.5),
  row('DRYHL', 'Derya Holding A.Ş.', S.Holdings, 2100, 54.3),
  row('GKHOL', 'Gökkuşağı Holding A.Ş.', S.Holdings, 1500, 38.7),
  row('BRKHL', 'Bereket Holding A.Ş.', S.Holdings, 700, 22.1),
  row('TUNHL', 'Tuna Holding A.Ş.', S.Holdings, 450, 17.9),
  row('CNRMK', 'Çınar Makine Sanayi A.Ş.', S.Industry, 380, 142.0),
  row('ANTKM', 'Antik Kimya Sanayi A.Ş.', S.Industry, 1300, 24.6),
  row('DFNEL', 'Defne Elektronik Sistemleri A.Ş.', S.Industry, 2200, 58.0),
  row('ILKOT', 'İlk Otomotiv Yan Sanayi A.Ş.', S.Industry, 260, 66.4),
  row('PRLCM', 'Parlak Cam Sanayi A.Ş.', S.Industry, 3000, 36.2),
  row('CRSMG', 'Çarşı Mağazaları T.A.Ş.', S.Retail, 600, 310.0),
  row('UCZMR', 'Ucuzcu Market Zincirleri A.Ş.', S.Retail, 580, 48.5),
  row('BLKPZ', 'Bulak Perakende ve Pazarlama A.Ş.', S.Retail, 190, 176.0),
  row('ESNTX', 'Esen Tekstil Perakende A.Ş.', S.Retail, 140, 39.4),
  row('GNSEN', 'Güneş Enerji Üretim A.Ş.', S.Energy, 1200, 44.8),
  row('RZGEN', 'Rüzgar Elektrik Üretim A.Ş.', S.Energy, 1650, 9.7),
  row('PTRFN', 'Petrofin Rafineri A.Ş.', S.Energy, 1900, 152.0),
  row('DGLGZ', 'Dağlı Doğalgaz Dağıtım A.Ş.', S.Energy, 400, 61.3),
  row('HBRTL', 'Haber Telekomünikasyon A.Ş.', S.Telecom, 2200, 71.5),
  row('SNYLT', 'Sinyal İletişim Hizmetleri A.Ş.', S.Telecom, 3500, 31.8),
  row('GKYHV', 'Gökyüzü Hava Yolları A.O.', S.Aviation, 1380, 248.0),
  row('KNTHV', 'Kanat Havacılık A.Ş.', S.Aviation, 500, 590.0),
  row('PSTHZ', 'Pist Havalimanı Hizmetleri A.Ş.', S.Aviation, 360, 112.0),
  row('DMRCL', 'Demirkent Çelik Sanayi A.Ş.', S.Steel, 3500, 45.6),
  row('TNCLK', 'Tunç Çelik Endüstrisi A.Ş.', S.Steel, 1100, 21.3),
  row('DKMHD', 'Döküm Haddecilik A.Ş.', S.Steel, 1250, 27.9),
  row('BGDYG', 'Buğday Gıda Sanayi A.Ş.', S.Food, 340, 118.0),
  row('AKSUT', 'Aksüt Süt Ürünleri A.Ş.', S.Food, 250, 86.2),
  row('MYVIC', 'Meyve İçecek Sanayi A.Ş.', S.Food, 590, 54.0),
  row('ZYTGD', 'Zeytin Gıda Pazarlama A.Ş.', S.Food, 150, 32.5),
  row('YLOTO', 'Yol Otomotiv Sanayi A.Ş.', S.Automotive, 350, 820.0),
  row('KMYNT', 'Kamyon Taşıt Araçları A.Ş.', S.Automotive, 240, 168.0),
  row('KYCMN', 'Kaya Çimento Sanayi A.Ş.', S.Cement, 480, 58.8),
  row('INSKR', 'İnşa Konut Yapı A.Ş.', S.Cement, 3800, 11.4),
];

/** Market capitalisation at the start of the history, TRY. */
export function startingCap(stock: StockDef): number {
  return stock.sharesMn * 1e6 * stock.price;
}

/** The 30 largest shares by starting capitalisation: the demo BIST 30 basket. */
export const BIST30_TICKERS: ReadonlySet<string> = new Set(
  [...STOCKS]
    .sort((a, b) => startingCap(b) - startingCap(a))
    .slice(0, 30)
    .map((s) => s.ticker),
);
