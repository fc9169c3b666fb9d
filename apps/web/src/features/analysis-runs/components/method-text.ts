import {
  MEAN_HANDLING_LABELS,
  PRICE_BASIS_LABELS,
  type ResolvedVarParameters,
  type VarApproach,
  type VarMethod,
} from '@fonrisk/contracts';
import { formatNumber } from '../../../lib/format.ts';
import { formatConfidence } from './format.ts';

/** The method names as the screens show them, with the parameter that defines each. */
export function methodLabel(method: VarMethod, lambda?: number | null): string {
  switch (method) {
    case 'historical':
      return 'Tarihsel Simülasyon';
    case 'parametric':
      return 'Parametrik (Varyans-Kovaryans)';
    case 'ewma':
      return `EWMA (RiskMetrics, λ=${formatNumber(lambda ?? 0.94, 2)})`;
    case 'montecarlo':
      return 'Monte Carlo';
    case 'cornishFisher':
      return 'Cornish-Fisher';
  }
}

/** One sentence per method: what the user chooses when picking it. */
export const METHOD_EXPLANATIONS: Readonly<Record<VarMethod, string>> = {
  historical:
    'Gözlem dönemindeki gerçekleşmiş günlük piyasa hareketleri bugünkü portföye uygulanır; dağılım varsayımı yoktur.',
  parametric:
    'Getirilerin normal dağıldığı varsayılır; RMD, varyans-kovaryans matrisinden hesaplanır.',
  ewma: 'Parametrik yöntem; yakın tarihli gözlemlere üstel olarak daha fazla ağırlık veren RiskMetrics oynaklığı kullanılır.',
  montecarlo:
    'Tahmin edilen kovaryansla çok değişkenli normal senaryolar üretilir ve portföy her senaryoda yeniden değerlenir.',
  cornishFisher:
    'Parametrik yöntem; çarpıklık ve basıklığa göre düzeltilmiş (Cornish-Fisher) kantil kullanılır.',
};

export const APPROACH_LABELS: Readonly<Record<VarApproach, string>> = {
  absolute: 'Mutlak RMD',
  relative: 'Göreli RMD (referans portföye göre)',
};

/** Short parameter text of a run: "Tarihsel Simülasyon · %99 · 20 gün · 250 gün". */
export function describeVarInputs(inputs: Record<string, unknown>): string {
  const parts: string[] = [];
  const method = inputs['method'];
  if (typeof method === 'string')
    parts.push(
      methodLabel(
        method as VarMethod,
        typeof inputs['lambda'] === 'number' ? inputs['lambda'] : null,
      ),
    );
  if (typeof inputs['confidenceLevel'] === 'number')
    parts.push(formatConfidence(inputs['confidenceLevel']));
  if (typeof inputs['horizonDays'] === 'number') parts.push(`${inputs['horizonDays']} gün`);
  if (typeof inputs['windowDays'] === 'number') parts.push(`pencere ${inputs['windowDays']} gün`);
  return parameterText(parts);
}

/** The resolved parameters of a result as label/value pairs. */
export function parameterRows(p: ResolvedVarParameters): [string, string][] {
  const rows: [string, string][] = [
    ['Yöntem', methodLabel(p.method, p.lambda)],
    ['Güven düzeyi', formatConfidence(p.confidenceLevel)],
    ['Elde tutma süresi', `${p.horizonDays} iş günü`],
    ['Ölçekleme', p.scalingRule],
    ['Gözlem süresi', `${p.windowDays} iş günü`],
    ['Yaklaşım', APPROACH_LABELS[p.approach]],
    // Results before decision 0015 carry no mean option: they used the zero-mean model.
    ['Ortalama', MEAN_HANDLING_LABELS[p.mean ?? 'exclude']],
    ['Fiyat esası', PRICE_BASIS_LABELS[p.priceBasis]],
  ];
  if (p.draws !== null) rows.push(['Senaryo sayısı', formatNumber(p.draws, 0)]);
  if (p.seed !== null) rows.push(['Tohum değeri', String(p.seed)]);
  return rows;
}

/**
 * A run list's "Parametreler" text: the parts a run has, joined ("Katılım %20 · 2 ek senaryo"), or
 * "Varsayılan ayarlar". The list's own columns name the portfolios and dates, so no type repeats
 * them here: a batch of a hundred funds would otherwise fill the row with codes.
 */
export function parameterText(parts: readonly (string | null)[]): string {
  const present = parts.filter((p): p is string => p !== null && p !== '');
  return present.length > 0 ? present.join(' · ') : 'Varsayılan ayarlar';
}

/** A run's number input, or null when the run has none (stored before the input existed). */
export function inputNumber(inputs: Record<string, unknown>, key: string): number | null {
  const value = inputs[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** A run's text input, or null when the run has none. */
export function inputText(inputs: Record<string, unknown>, key: string): string | null {
  const value = inputs[key];
  return typeof value === 'string' ? value : null;
}

/** How many items a run's list input holds, or null when the run has no such list. */
export function inputCount(inputs: Record<string, unknown>, key: string): number | null {
  const value = inputs[key];
  return Array.isArray(value) ? value.length : null;
}

/** A run's label input through its labels (null when absent or not one of them). */
export function inputLabel<K extends string>(
  inputs: Record<string, unknown>,
  key: string,
  labels: Readonly<Record<K, string>>,
): string | null {
  const value = inputs[key];
  return typeof value === 'string' && Object.hasOwn(labels, value) ? labels[value as K] : null;
}
