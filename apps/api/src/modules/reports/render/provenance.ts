import {
  HORIZON_SCALING_LABELS,
  MEAN_HANDLING_LABELS,
  PRICE_BASIS_LABELS,
  VAR_APPROACH_LABELS,
  VAR_METHOD_LABELS,
} from '@fonrisk/contracts';
import { formatIsoDate } from './format.ts';

/**
 * The assumptions and data dates of an analysis section in Turkish words and tr-TR dates
 * ("Yöntem: Tarihsel Simülasyon · Güven düzeyi: %99 · …"): every stored key a report prints has
 * a label here; a key without one is left out, never printed as it is stored.
 */

type Dict = Readonly<Record<string, unknown>>;
const isDict = (v: unknown): v is Dict => typeof v === 'object' && v !== null && !Array.isArray(v);

const NUMBER = new Intl.NumberFormat('tr-TR', { maximumFractionDigits: 4 });
const PERCENT = new Intl.NumberFormat('tr-TR', { style: 'percent', maximumFractionDigits: 2 });

/** A fraction as a tr-TR percentage: 0.99 → "%99". */
export const percentText = (fraction: number): string => PERCENT.format(fraction);
/** A number in tr-TR digits: 0.94 → "0,94", 10000 → "10.000". */
export const numberText = (value: number): string => NUMBER.format(value);

/** ISO dates and instants inside a text as GG.AA.YYYY. */
export function trDates(text: string): string {
  return text.replace(/(\d{4}-\d{2}-\d{2})(T[\d:.]+Z?)?/g, (_, d: string) => formatIsoDate(d));
}

function label<K extends string>(
  labels: Readonly<Record<K, string>>,
  value: unknown,
): string | null {
  return typeof value === 'string' && value in labels ? labels[value as K] : null;
}

/** The resolved model parameters of a result (`result.parameters`) as a Turkish line. */
export function assumptionsText(parameters: Dict | null): string | null {
  if (parameters === null) return null;
  const p = parameters;
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  const parts: (string | null)[] = [
    label(VAR_METHOD_LABELS, p.method) && `Yöntem: ${label(VAR_METHOD_LABELS, p.method)!}`,
    num(p.confidenceLevel) !== null
      ? `Güven düzeyi: ${percentText(num(p.confidenceLevel)!)}`
      : null,
    num(p.horizonDays) !== null
      ? `Elde tutma süresi: ${numberText(num(p.horizonDays)!)} iş günü`
      : null,
    typeof p.scalingRule === 'string'
      ? `Ölçekleme: ${p.scalingRule}`
      : label(HORIZON_SCALING_LABELS, p.horizonScaling) &&
        `Ölçekleme: ${label(HORIZON_SCALING_LABELS, p.horizonScaling)!}`,
    num(p.windowDays) !== null ? `Gözlem süresi: ${numberText(num(p.windowDays)!)} iş günü` : null,
    label(VAR_APPROACH_LABELS, p.approach) &&
      `Yaklaşım: ${label(VAR_APPROACH_LABELS, p.approach)!}`,
    label(MEAN_HANDLING_LABELS, p.mean) && `Ortalama: ${label(MEAN_HANDLING_LABELS, p.mean)!}`,
    label(PRICE_BASIS_LABELS, p.priceBasis) &&
      `Fiyat esası: ${label(PRICE_BASIS_LABELS, p.priceBasis)!}`,
    num(p.lambda) !== null ? `EWMA λ: ${numberText(num(p.lambda)!)}` : null,
    num(p.draws) !== null ? `Monte Carlo senaryo sayısı: ${numberText(num(p.draws)!)}` : null,
    num(p.seed) !== null ? `Tohum değeri: ${String(num(p.seed)!)}` : null,
  ];
  const text = parts.filter((x): x is string => typeof x === 'string' && x !== '').join(' · ');
  return text === '' ? null : text;
}

/** Labels of the data-date keys the analyses store (`dataSnapshot`). */
const DATA_LABELS: Readonly<Record<string, string>> = {
  holdingsDate: 'Portföy tarihi',
  holdingsDates: 'Portföy tarihleri',
  marketDataThrough: 'Piyasa verisi son tarihi',
  volumeDataThrough: 'İşlem hacmi verisi son tarihi',
  priceDataThrough: 'Fiyat verisi son tarihi',
  pricesThrough: 'Fiyat verisi son tarihi',
  priceDates: 'Fiyat verisi',
  priceWindow: 'Fiyat dönemi',
  returnWindows: 'Getiri dönemi',
  valuationDates: 'Değerleme tarihleri',
  inceptionDate: 'Başlangıç tarihi',
  benchmark: 'Karşılaştırma ölçütü',
  benchmarkComponents: 'Karşılaştırma ölçütü bileşenleri',
  priceSeries: 'Fiyat serisi',
  curveTickers: 'Getiri eğrisi',
  scenarios: 'Senaryolar',
  bandTable: 'Risk değeri bant tablosu',
  businessDays: 'İş günü takvimi',
  cashFlows: 'Nakit akışı sayısı',
  varPoints: 'RMD gözlem sayısı',
  criteriaVersions: 'Denetlenen kriter sayısı',
};

/** Labels of the conventions a result states in words (`dataSnapshot.conventions`). */
const CONVENTION_LABELS: Readonly<Record<string, string>> = {
  returns: 'Getiri',
  gross: 'Brüt getiri',
  linking: 'Zincirleme',
  annualisation: 'Yıllıklandırma',
  riskFree: 'Risksiz faiz',
  irr: 'İç verim oranı',
  paymentDates: 'Ödeme tarihleri',
  yield: 'Getiri kuralı',
};

/** A list of ISO dates as "first – last (n tarih)", else its items. */
function listText(values: readonly unknown[]): string | null {
  if (values.length === 0) return null;
  if (values.every((v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v))) {
    const dates = [...(values as string[])].sort();
    return dates.length === 1
      ? formatIsoDate(dates[0]!)
      : `${formatIsoDate(dates[0]!)} – ${formatIsoDate(dates.at(-1)!)} (${String(dates.length)} tarih)`;
  }
  const items = values.map((v) => {
    if (isDict(v)) {
      if (typeof v.name === 'string') return v.name;
      if (typeof v.ticker === 'string')
        return typeof v.weightPct === 'number'
          ? `${v.ticker} %${numberText(v.weightPct)}`
          : v.ticker;
      return null;
    }
    return typeof v === 'string' || typeof v === 'number' ? trDates(String(v)) : null;
  });
  const shown = items.filter((x): x is string => x !== null);
  return shown.length === 0 ? null : shown.join(', ');
}

/** Portfolios a data date names one by one; beyond them, portfolios of one value are counted. */
const NAMED_PORTFOLIOS = 5;

/**
 * One value per portfolio: the value alone for one portfolio, "value (n portföy)" when they all
 * share it, each portfolio's for a few, else each value with its portfolios or their count (a
 * run of a hundred funds printed a hundred "NF000: 27.11.2026" in eight lines of small print).
 */
function perPortfolioText(shown: readonly { code: string; text: string }[]): string {
  if (shown.length === 1) return shown[0]!.text;
  const groups = new Map<string, string[]>();
  for (const { code, text } of shown) groups.set(text, [...(groups.get(text) ?? []), code]);
  if (groups.size === 1) return `${shown[0]!.text} (${String(shown.length)} portföy)`;
  if (shown.length <= NAMED_PORTFOLIOS) return shown.map((x) => `${x.code}: ${x.text}`).join('; ');
  return [...groups]
    .map(([text, group]) =>
      group.length <= 3
        ? `${text}: ${group.join(', ')}`
        : `${text}: ${String(group.length)} portföy`,
    )
    .join('; ');
}

/** One value of a data date: a date, a period object, a list, or one value per portfolio. */
function valueText(value: unknown, codes: readonly string[]): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return trDates(value);
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return value ? 'Evet' : 'Hayır';
  if (Array.isArray(value)) return listText(value);
  if (!isDict(value)) return null;
  const d = value;
  const from = d.first ?? d.from ?? null;
  const to = d.last ?? d.to ?? null;
  if (typeof from === 'string' && typeof to === 'string') {
    const count = typeof d.count === 'number' ? d.count : typeof d.n === 'number' ? d.n : null;
    return `${formatIsoDate(from)} – ${formatIsoDate(to)}${count === null ? '' : ` (${numberText(count)} gözlem)`}`;
  }
  if (typeof d.fund === 'string') {
    return `fon ${formatIsoDate(d.fund)}${typeof d.benchmark === 'string' ? `, karşılaştırma ${formatIsoDate(d.benchmark)}` : ''}`;
  }
  // One entry per portfolio: only the portfolios of this section, else a count.
  const keys = Object.keys(d);
  const mine = keys.filter((k) => codes.includes(k));
  if (mine.length > 0) {
    const shown = mine.flatMap((k) => {
      const text = valueText(d[k], codes);
      return text === null ? [] : [{ code: k, text }];
    });
    return shown.length === 0 ? null : perPortfolioText(shown);
  }
  return keys.length > 0 && keys.every((k) => typeof d[k] === 'number')
    ? numberText(keys.length)
    : null;
}

/** The data dates and conventions of a run (`dataSnapshot`) as a Turkish line. */
export function dataDatesText(snapshot: Dict | null, codes: readonly string[]): string | null {
  if (snapshot === null) return null;
  const parts: string[] = [];
  for (const [key, value] of Object.entries(snapshot)) {
    if (key === 'conventions' && isDict(value)) {
      for (const [name, text] of Object.entries(value)) {
        const labelText = CONVENTION_LABELS[name];
        if (labelText !== undefined && typeof text === 'string')
          parts.push(`${labelText}: ${trDates(text)}`);
      }
      continue;
    }
    const labelText = DATA_LABELS[key];
    if (labelText === undefined) continue;
    const text = valueText(value, codes);
    if (text !== null && text !== '') parts.push(`${labelText}: ${text}`);
  }
  return parts.length === 0 ? null : parts.join(' · ');
}
