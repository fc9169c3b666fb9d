import {
  CREDIT_ISSUER_TYPES,
  INSTRUMENT_MAIN_TYPE_LABELS,
  StressScenarioRequestSchema,
  type CreditIssuerType,
  type StressScenario,
  type StressScenarioRequest,
  type StressShocks,
} from '@fonrisk/contracts';
import { STRESS_MESSAGES as M } from '../messages.ts';

/** Currencies offered in the FX shock fields. */
export const SHOCK_CURRENCIES = ['USD', 'EUR', 'GBP'] as const;

/** The dialog's fields as typed (numbers as text, so that an empty field is "no shock"). */
export interface ScenarioFormState {
  readonly kind: StressScenario['kind'];
  readonly name: string;
  readonly description: string;
  readonly equityPct: string;
  readonly goldPct: string;
  readonly fx: Readonly<Record<string, string>>;
  readonly parallelBp: string;
  readonly curvePoints: string;
  readonly credit: Readonly<Partial<Record<CreditIssuerType, string>>>;
  readonly volatilityPoints: string;
  readonly cpiPct: string;
  readonly fromDate: string;
  readonly toDate: string;
  readonly componentIds: string[];
}

export const EMPTY_SCENARIO_FORM: ScenarioFormState = {
  kind: 'hypothetical',
  name: '',
  description: '',
  equityPct: '',
  goldPct: '',
  fx: {},
  parallelBp: '',
  curvePoints: '',
  credit: {},
  volatilityPoints: '',
  cpiPct: '',
  fromDate: '',
  toDate: '',
  componentIds: [],
};

const text = (v: number | undefined): string => (v === undefined ? '' : String(v));

export function scenarioFormOf(s: StressScenario): ScenarioFormState {
  const k = s.shocks ?? {};
  return {
    kind: s.kind,
    name: s.name,
    description: s.description,
    equityPct: text(k.equityPct),
    goldPct: text(k.goldPct),
    fx: Object.fromEntries(Object.entries(k.fxPct ?? {}).map(([c, v]) => [c, String(v)])),
    parallelBp: text(k.parallelBp),
    curvePoints: (k.curvePoints ?? []).map((p) => `${p.tenorDays}=${p.bp}`).join(', '),
    credit: Object.fromEntries(
      Object.entries(k.creditSpreadBp ?? {}).map(([t, v]) => [t, String(v)]),
    ),
    volatilityPoints: text(k.volatilityPoints),
    cpiPct: text(k.cpiPct),
    fromDate: s.fromDate ?? '',
    toDate: s.toDate ?? '',
    componentIds: s.componentIds.map(String),
  };
}

/** "1,5" and "1.5" are both 1.5; empty is undefined; anything else NaN (refused by the schema). */
function num(v: string): number | undefined {
  const t = v.trim().replace(',', '.');
  return t === '' ? undefined : Number(t);
}

function parseCurvePoints(v: string): StressShocks['curvePoints'] | 'error' {
  const parts = v
    .split(/[;,]\s*|\s+/)
    .map((p) => p.trim())
    .filter(Boolean);
  const out: { tenorDays: number; bp: number }[] = [];
  for (const p of parts) {
    const m = /^(\d+)\s*=\s*(-?\d+(?:\.\d+)?)$/.exec(p);
    if (!m) return 'error';
    out.push({ tenorDays: Number(m[1]), bp: Number(m[2]) });
  }
  return out.length > 0 ? out : undefined;
}

export type ScenarioFormErrors = Partial<Record<string, string>>;

/** Builds and validates the request; errors keyed by field ('equityPct', 'fx.USD', 'credit.corporateBond', ...). */
export function validateScenarioForm(
  s: ScenarioFormState,
): { ok: true; request: StressScenarioRequest } | { ok: false; errors: ScenarioFormErrors } {
  const errors: ScenarioFormErrors = {};
  let raw: unknown;
  if (s.kind === 'hypothetical') {
    const curve = parseCurvePoints(s.curvePoints);
    if (curve === 'error') errors['curvePoints'] = M.curvePointsError;
    const fxEntries = Object.entries(s.fx)
      .map(([c, v]) => [c, num(v)] as const)
      .filter(([, v]) => v !== undefined);
    const creditEntries = CREDIT_ISSUER_TYPES.map(
      (t) => [t, num(s.credit[t] ?? '')] as const,
    ).filter(([, v]) => v !== undefined);
    const scalars = Object.entries({
      equityPct: num(s.equityPct),
      goldPct: num(s.goldPct),
      parallelBp: num(s.parallelBp),
      volatilityPoints: num(s.volatilityPoints),
      cpiPct: num(s.cpiPct),
    }).filter(([, v]) => v !== undefined);
    const shocks: Record<string, unknown> = {
      ...Object.fromEntries(scalars),
      ...(fxEntries.length > 0 ? { fxPct: Object.fromEntries(fxEntries) } : {}),
      ...(creditEntries.length > 0 ? { creditSpreadBp: Object.fromEntries(creditEntries) } : {}),
      ...(curve !== 'error' && curve !== undefined ? { curvePoints: curve } : {}),
    };
    raw = { kind: 'hypothetical', name: s.name, description: s.description, shocks };
  } else if (s.kind === 'historical') {
    raw = {
      kind: 'historical',
      name: s.name,
      description: s.description,
      fromDate: s.fromDate || undefined,
      toDate: s.toDate || undefined,
    };
  } else {
    raw = {
      kind: 'combination',
      name: s.name,
      description: s.description,
      componentIds: s.componentIds.map(Number),
    };
  }
  const parsed = StressScenarioRequestSchema.safeParse(raw);
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, request: parsed.data };
  for (const issue of parsed.error?.issues ?? []) {
    const path = issue.path.map(String);
    let key = path[0] ?? 'form';
    if (key === 'shocks') {
      const field = path[1];
      key =
        field === undefined
          ? 'shocks'
          : field === 'fxPct'
            ? `fx.${path[2] ?? ''}`
            : field === 'creditSpreadBp'
              ? `credit.${path[2] ?? ''}`
              : field;
    }
    errors[key] ??= issue.message;
  }
  if (s.kind === 'historical') {
    if (s.fromDate === '') errors['fromDate'] = 'pencere başlangıcı gerekli';
    if (s.toDate === '') errors['toDate'] = 'pencere sonu gerekli';
  }
  return { ok: false, errors };
}

/** One line summary of a scenario's shocks or window for the library table. */
export function scenarioSummary(s: StressScenario, names: ReadonlyMap<number, string>): string {
  if (s.kind === 'historical') return `${s.fromDate ?? ''} → ${s.toDate ?? ''}`;
  if (s.kind === 'combination')
    return s.componentIds.map((id) => names.get(id) ?? `#${id}`).join(' + ');
  const k = s.shocks ?? {};
  const parts: string[] = [];
  if (k.equityPct !== undefined) parts.push(`Hisse ${k.equityPct}%`);
  for (const [c, v] of Object.entries(k.fxPct ?? {})) parts.push(`${c} ${v}%`);
  if (k.goldPct !== undefined) parts.push(`Altın ${k.goldPct}%`);
  if (k.parallelBp !== undefined) parts.push(`Faiz ${k.parallelBp} bp`);
  for (const p of k.curvePoints ?? []) parts.push(`${p.tenorDays}g ${p.bp} bp`);
  for (const [t, v] of Object.entries(k.creditSpreadBp ?? {}))
    parts.push(`${INSTRUMENT_MAIN_TYPE_LABELS[t as CreditIssuerType]} +${v} bp`);
  if (k.volatilityPoints !== undefined) parts.push(`Oynaklık ${k.volatilityPoints} puan`);
  if (k.cpiPct !== undefined) parts.push(`TÜFE ${k.cpiPct}%`);
  return parts.join(', ');
}
