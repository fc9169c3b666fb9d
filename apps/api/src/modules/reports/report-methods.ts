import {
  BacktestResultSchema,
  ResolvedVarParametersSchema,
  VAR_METHOD_LABELS,
  findAnalysisType,
} from '@fonrisk/contracts';
import {
  BASEL_GREEN_BELOW,
  BASEL_RED_FROM,
  SPK_BACKTEST_REPORT_ABOVE,
  SPK_BACKTEST_REVIEW_ABOVE,
  SPK_BACKTEST_WINDOW,
  baselZoneBounds,
} from '@fonrisk/risk';
import type { AnalysisRunRow } from '@fonrisk/db';
import { z } from 'zod';
import { numberText, percentText } from './render/provenance.ts';

/**
 * The text of the methods printed at the end of a report, one per analysis type (Turkish, for
 * the board and the SPK file). Sources: shared/domain/regulation-and-methods.md (SPK Rehber
 * §7.6 for RMD, backtest and stress; §9.3.2 for the risk value; Jorion for VaR decomposition).
 * A type without a text here gets the generic text, so a newly registered type still prints.
 * The VaR and backtest texts are written from the runs (`varMethod`, `backtestMethod`): the
 * VaR limits are the settings', the traffic-light bounds follow the run's observations and
 * confidence level, the SPK thresholds are the risk library's.
 */
export const REPORT_METHOD_TEXTS: Readonly<Record<string, string | RunsMethodText>> = {
  var: varMethod(),
  backtest: backtestMethod(),
  leverage:
    'Kaldıraç, türev araçların dayanak varlık eşdeğeri pozisyonlarının (taahhüt yaklaşımı) fon ' +
    'toplam değerine oranı olarak hesaplanır (SPK Rehberi §7.5); netleştirme ve riskten korunma ' +
    'işlemleri Rehber’deki kurallara göre düşülür.',
  'incremental-var':
    'Artımsal RMD, bir pozisyon (veya varsayımsal işlem) portföyden çıkarıldığında ya da eklendiğinde ' +
    'portföy RMD’sinde oluşan değişimdir; portföy yeniden değerlendirilerek tam olarak hesaplanır.',
  'stress-test':
    'Stres testi (SPK Rehberi §7.6.5), piyasa risk faktörlerinde tanımlı senaryo şoklarının (faiz, ' +
    'kur, hisse, emtia) portföyün güncel değerine etkisini tam yeniden değerlendirme ile hesaplar; ' +
    'tarihsel ve varsayımsal senaryoların sonuçları fon toplam değerine oranla verilir.',
  'risk-value':
    'Risk değeri (SPK Rehberi §9.3.2), fonun son beş yıllık haftalık getirilerinin yıllıklandırılmış ' +
    'oynaklığına göre 1–7 arası bir sınıfa atanır; beş yıllık geçmişi olmayan fonlarda Rehber’deki ' +
    'özel durum kuralları (referans portföy, temsili seri) uygulanır.',
  'performance-report':
    'Getiriler zaman ağırlıklı olarak hesaplanır ve dönemler zincirlenir; karşılaştırma ölçütüne göre ' +
    'aktif getiri, varlık sınıfı bazında Brinson-Fachler dağılım, seçim ve etkileşim etkilerine ayrılır.',
  'customer-performance-report':
    'Müşteri portföyü getirisi, dış nakit akışlarını dikkate alan Modified Dietz yöntemiyle her alt ' +
    'dönem için hesaplanır ve dönemler zincirlenir.',
  'bond-analysis':
    'Tahvil fiyatı, getirisi ve işlemiş faizi tahvilin gün sayım kuralıyla; Macaulay ve modifiye ' +
    'durasyon ile konveksite nakit akışlarının tahvilin getirisiyle iskontolanmasından analitik olarak ' +
    'hesaplanır. DV01 analitiktir: modifiye durasyon × kirli fiyat × 1 baz puan. Değişken faizli ' +
    'tahvillerde faiz durasyonu bir sonraki faiz belirleme tarihine kadardır; marj durasyonu ayrıca ' +
    'gösterilir. İskontolu bonolarda getiri esası (basit veya bileşik) sonuçta yazılıdır.',
  'internal-audit':
    'İç denetim kontrolleri, SPK III-52.1 Tebliği ve fon içtüzüğünden tanımlanan yatırım sınırlamalarını ' +
    'her portföy tarihinde portföy ağırlıklarına uygular; aşımlar ve süreleri listelenir.',
  'fund-statistics':
    'Fon istatistikleri birim pay fiyatlarının günlük getirilerinden hesaplanır: yıllıklandırılmış ' +
    'getiri ve oynaklık, en büyük düşüş, Sharpe ve Sortino oranları.',
  'liquidity-test':
    'Likidite testi, her pozisyonun likidite sınıfını varlık türü veya ortalama günlük işlem hacmi ve ' +
    'katılım oranından belirler; olağan ve stresli koşullarda karşılanabilecek geri ödeme oranını verir.',
  'concentration-risk':
    'Yoğunlaşma riski ihraççı, ihraççı grubu, sektör ve varlık sınıfı bazında maruz kalınan tutarı ve ' +
    'Herfindahl-Hirschman endeksini hesaplar; Tebliğ sınırlarıyla karşılaştırır.',
};

export const GENERIC_METHOD_TEXT =
  'Bu analizin sonuçları Fonrisk risk motoruyla, bölümde belirtilen motor sürümü, veri tarihleri ve ' +
  'varsayımlarla hesaplanmıştır.';

/**
 * A method text written from the report's runs: its opening and closing, and between them the
 * sentences each run adds, by group (every run's first group, then every run's second), each
 * sentence once however many runs give it.
 */
export interface RunsMethodText {
  readonly opening: string;
  readonly ofRun: (run: MethodRun) => readonly (readonly string[])[];
  readonly closing: string;
}

/**
 * The VaR method as the report's runs computed it: method, confidence, horizon, window and
 * scaling from the runs' resolved parameters, the limits from the RMD settings each run used
 * (`dataSnapshot.settings`), fund-specific limits of the report's funds included. No figure of
 * this text is written by hand: a changed setting changes the text with the tables.
 */
function varMethod(): RunsMethodText {
  return {
    opening:
      'Riske maruz değer (RMD), SPK Rehberi §7.6.1 uyarınca hesaplanır. Parametrik, tarihsel ve ' +
      'Monte Carlo yöntemleri desteklenir; her bölümün varsayımlar satırı o bölümün yöntemini ve ' +
      'ufuk ölçekleme kuralını yazar.',
    ofRun: (run) => [varMethodSentences(run), varLimitSentences(run)],
    closing:
      'Bileşen, marjinal ve artımsal RMD Jorion’un ayrıştırmasıyla hesaplanır; bileşenlerin ' +
      'toplamı portföy RMD’sine eşittir.',
  };
}

function varMethodSentences(run: MethodRun): string[] {
  const parameters = ResolvedVarParametersSchema.safeParse(run.result?.parameters).data;
  if (!parameters) return [];
  return [
    `Bu rapordaki RMD ${VAR_METHOD_LABELS[parameters.method]} yöntemiyle, ` +
      `${percentText(parameters.confidenceLevel)} tek taraflı güven düzeyinde, ` +
      `${numberText(parameters.horizonDays)} iş günü elde tutma süresi için ve ` +
      `${numberText(parameters.windowDays)} iş günlük gözlem dönemiyle hesaplanmıştır ` +
      `(ufuk ölçekleme: ${parameters.scalingRule}).`,
  ];
}

function varLimitSentences(run: MethodRun): string[] {
  const settings = RunLimitsSchema.safeParse(
    (run.dataSnapshot as { settings?: unknown } | null)?.settings,
  ).data;
  if (!settings) return [];
  const own = settings.portfolioLimits
    .filter((l) => run.portfolioCodes.includes(l.portfolioCode))
    .map((l) =>
      [
        l.absoluteLimitPct === null
          ? null
          : `${l.portfolioCode} mutlak %${numberText(l.absoluteLimitPct)}`,
        l.relativeLimitPct === null
          ? null
          : `${l.portfolioCode} göreli %${numberText(l.relativeLimitPct)}`,
      ]
        .filter((x): x is string => x !== null)
        .join(', '),
    )
    .filter((x) => x !== '');
  return [
    `RMD ayarlarındaki limitler uygulanmıştır: mutlak yaklaşımda RMD, fon toplam değerine oranla ` +
      `%${numberText(settings.absoluteLimitPct)} sınırını; göreli yaklaşımda referans portföy ` +
      `RMD’sine oranla %${numberText(settings.relativeLimitPct)} sınırını aşamaz` +
      (own.length > 0 ? ` (fona özel limitler: ${own.join('; ')})` : '') +
      `; kullanım %${numberText(settings.warningThresholdPct)} düzeyine ulaştığında uyarı verilir.`,
  ];
}

/**
 * The backtest method as the report's runs tested it: the Basel zone bounds for each run's
 * number of observations and confidence level, and the SPK thresholds, all from the risk library
 * (no bound written by hand).
 */
function backtestMethod(): RunsMethodText {
  return {
    opening:
      'Geriye dönük test (SPK Rehberi §7.6.4), her gün için hesaplanan bir günlük RMD ile ertesi ' +
      'günün gerçekleşen kâr/zararını karşılaştırır. Aşım sayısı Basel trafik ışığı bölgelerine ' +
      'göre değerlendirilir: bölge sınırları, aşım sayısının binom dağılımında birikimli ' +
      `olasılığın ${percentText(BASEL_GREEN_BELOW)} ve ${percentText(BASEL_RED_FROM)} ` +
      'eşiklerinden, gözlem sayısı ve güven düzeyine göre belirlenir.',
    ofRun: (run) => [backtestZoneSentences(run)],
    closing:
      `SPK eşikleri son ${numberText(SPK_BACKTEST_WINDOW)} gözleme uygulanır: ` +
      `${numberText(SPK_BACKTEST_REVIEW_ABOVE)} aşımın üzerinde model gözden geçirilir, ` +
      `${numberText(SPK_BACKTEST_REPORT_ABOVE)} aşımın üzerinde SPK'ya bildirilir. Kupiec POF ve ` +
      'Christoffersen bağımsızlık testlerinin olabilirlik oranı istatistikleri ve p-değerleri verilir.',
  };
}

function backtestZoneSentences(run: MethodRun): string[] {
  const result = BacktestResultSchema.safeParse(run.result).data;
  if (!result) return [];
  const observations = result.hypothetical.observations;
  const confidence = result.parameters.confidenceLevel;
  const { greenMax, yellowMax } = baselZoneBounds(observations, confidence);
  const yellowFrom = greenMax === null ? 0 : greenMax + 1;
  const redFrom = (yellowMax ?? greenMax ?? -1) + 1;
  const parts = [
    greenMax === null ? null : `yeşil 0–${numberText(greenMax)}`,
    yellowMax === null ? null : `sarı ${numberText(yellowFrom)}–${numberText(yellowMax)}`,
    `kırmızı ${numberText(redFrom)}+`,
  ].filter((x): x is string => x !== null);
  return [
    `${numberText(observations)} gözlem ve ${percentText(confidence)} güven düzeyinde aşım ` +
      `sayısının Basel trafik ışığı bölgeleri: ${parts.join(', ')}.`,
  ];
}

/** What the VaR text reads of the settings a run stored. */
const RunLimitsSchema = z.object({
  absoluteLimitPct: z.number(),
  relativeLimitPct: z.number(),
  warningThresholdPct: z.number(),
  portfolioLimits: z
    .array(
      z.object({
        portfolioCode: z.string(),
        absoluteLimitPct: z.number().nullable(),
        relativeLimitPct: z.number().nullable(),
      }),
    )
    .default([]),
});

/** The parts of a finished run a method text reads. */
export type MethodRun = Pick<
  AnalysisRunRow,
  'analysisType' | 'result' | 'dataSnapshot' | 'portfolioCodes'
>;

/** Adds the sentences of one run to its type's groups. */
function addSentences(groups: Set<string>[], text: RunsMethodText, run: MethodRun): void {
  text.ofRun(run).forEach((sentences, g) => {
    const group = (groups[g] ??= new Set());
    for (const sentence of sentences) group.add(sentence);
  });
}

/** A type's text with the sentences its runs added. */
function written(text: string | RunsMethodText, groups: readonly Set<string>[]): string {
  if (typeof text === 'string') return text;
  return [text.opening, ...groups.flatMap((g) => [...g]), text.closing].join(' ');
}

/**
 * The method texts of a report, gathered a run at a time as its chapters are read (decision
 * 0145): of each run only the sentences it adds are kept, not its result.
 */
export class MethodTexts {
  /** By analysis type, in the order of its first run: the sentences of each group. */
  readonly #types = new Map<string, Set<string>[]>();

  add(run: MethodRun): void {
    let groups = this.#types.get(run.analysisType);
    if (groups === undefined) this.#types.set(run.analysisType, (groups = []));
    const text = REPORT_METHOD_TEXTS[run.analysisType];
    if (text !== undefined && typeof text !== 'string') addSentences(groups, text, run);
  }

  /** The types of the runs added, in the order of their first, each titled with its text. */
  texts(): { readonly title: string; readonly text: string }[] {
    return [...this.#types].map(([analysisType, groups]) => ({
      title: findAnalysisType(analysisType)?.title ?? analysisType,
      text: written(REPORT_METHOD_TEXTS[analysisType] ?? GENERIC_METHOD_TEXT, groups),
    }));
  }
}

/** The method text of a type, from the runs of that type the report used. */
export function methodText(analysisType: string, runs: readonly MethodRun[]): string {
  const text = REPORT_METHOD_TEXTS[analysisType] ?? GENERIC_METHOD_TEXT;
  const groups: Set<string>[] = [];
  if (typeof text !== 'string') for (const run of runs) addSentences(groups, text, run);
  return written(text, groups);
}
