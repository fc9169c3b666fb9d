/**
 * Risk words a fund's name may carry and the risk values they allow (SPK Rehber §1.2 b, for
 * değişken, fon sepeti and katılım umbrella funds): Muhafazakar/Temkinli 1–2, Dengeli 3–4,
 * Atak/Dinamik/Büyüme 4–5, Agresif 5–7 (regulation-and-methods.md §2.3).
 */
export const RISK_LABEL_RULES: readonly {
  readonly words: readonly string[];
  readonly min: number;
  readonly max: number;
}[] = [
  { words: ['Muhafazakar', 'Temkinli'], min: 1, max: 2 },
  { words: ['Dengeli'], min: 3, max: 4 },
  { words: ['Atak', 'Dinamik', 'Büyüme'], min: 4, max: 5 },
  { words: ['Agresif', 'Agrasif'], min: 5, max: 7 },
];

export interface RiskLabelCheck {
  /** The risk word found in the name, as written in the rule; null when none. */
  readonly word: string | null;
  readonly minRiskValue: number | null;
  readonly maxRiskValue: number | null;
  /** Whether the risk value lies in the word's range; null when the name has no risk word. */
  readonly consistent: boolean | null;
}

/** Turkish-aware lower case with the dotless/dotted i folded, for word matching in names. */
function fold(text: string): string {
  return text.toLocaleLowerCase('tr-TR').replace(/ı/g, 'i').normalize('NFC');
}

/**
 * Checks the label rule of Rehber §1.2 b: finds the first risk word of RISK_LABEL_RULES in the
 * fund's name (whole word, Turkish case-insensitive) and whether `riskValue` is in its range.
 */
export function checkRiskLabel(fundName: string, riskValue: number): RiskLabelCheck {
  const words = new Set(fold(fundName).split(/[^\p{L}\p{N}]+/u));
  for (const rule of RISK_LABEL_RULES) {
    const word = rule.words.find((w) => words.has(fold(w)));
    if (word !== undefined) {
      return {
        word,
        minRiskValue: rule.min,
        maxRiskValue: rule.max,
        consistent: riskValue >= rule.min && riskValue <= rule.max,
      };
    }
  }
  return { word: null, minRiskValue: null, maxRiskValue: null, consistent: null };
}
