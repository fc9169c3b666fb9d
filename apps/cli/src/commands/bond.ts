// `fonrisk bond`: price, yield and risk figures of a fixed-coupon or zero-coupon bond.
import {
  DAY_COUNTS,
  fixedBondFromCleanPrice,
  fixedBondFromYield,
  RiskError,
  type BondAnalytics,
  type FixedBondSpec,
} from '@fonrisk/risk';
import { choiceOption, numberOption, parseOptions, requireString } from '../args.ts';
import { CliError, riskErrorText } from '../errors.ts';
import { parseDate } from '../read-table.ts';

export const help = `fonrisk bond --settlement TARİH --maturity TARİH --coupon ORAN --frequency F --day-count GS
             (--yield ORAN | --clean-price FİYAT) [--issue TARİH] [--face 100] [--convention isma|tr-treasury]
  Sabit kuponlu (kupon 0 ise kuponsuz) tahvilin temiz/kirli fiyatı, işlemiş faizi, getirisi, Macaulay ve
  modifiye durasyonu, konveksitesi (yarıya bölünmemiş) ve DV01'i ile nakit akışları.
  Tarihler YYYY-AA-GG (veya GG.AA.YYYY); oranlar kesir olarak (0.25 = %25); negatif değer --yield=-0.01 biçiminde.
  --frequency     yıllık kupon sayısı: 1, 2, 3, 4, 6, 12
  --day-count     gün sayma: act365f (ACT/365 sabit), actact-isma (ACT/ACT ICMA), actact-isda (ACT/ACT ISDA),
                  30-360 (30/360 tahvil esası); ACT/365F, ACT/ACT ICMA, ACT/ACT ISDA, 30/360 yazımları da olur
  --convention    isma: kupon sıklığında bileşik getiri (varsayılan); tr-treasury: Hazine DİBS formülü,
                  kirli fiyat = Σ NA / (1+y)^(gün/365)
  --face          itfa tutarı; nakit akışları buna göre, fiyatlar ve DV01 her 100 nominal için verilir
  --issue         ihraç tarihi; ilk kupon dönemi kısaysa işlemiş faiz ve ilk kupon bu tarihten hesaplanır`;

const CONVENTIONS = ['isma', 'tr-treasury'] as const;

/** Market spellings of the day counts (case, '/', '-' and spaces ignored) -> the option's values. */
const DAY_COUNT_SPELLINGS: Readonly<Record<string, (typeof DAY_COUNTS)[number]>> = {
  act365f: 'act365f',
  act365fixed: 'act365f',
  actual365fixed: 'act365f',
  actactisma: 'actact-isma',
  actacticma: 'actact-isma',
  actualactualisma: 'actact-isma',
  actualactualicma: 'actact-isma',
  actactisda: 'actact-isda',
  actualactualisda: 'actact-isda',
  '30360': '30-360',
  '30360bond': '30-360',
  bond: '30-360',
};

function dayCountOption(value: string | boolean | undefined): (typeof DAY_COUNTS)[number] {
  const text = requireString(value, 'day-count');
  const spelled = DAY_COUNT_SPELLINGS[text.toLowerCase().replace(/[\s/-]/g, '')];
  return choiceOption(spelled ?? text, 'day-count', DAY_COUNTS, 'act365f');
}

function dateOption(value: string | boolean | undefined, name: string): string {
  const text = requireString(value, name);
  const iso = parseDate(text);
  if (iso === null) throw new CliError(`--${name} geçerli bir tarih değil: "${text}"`);
  return iso;
}

function requiredNumber(
  value: string | boolean | undefined,
  name: string,
  check: (n: number) => boolean,
): number {
  requireString(value, name);
  return numberOption(value, name, Number.NaN, check);
}

export function run(args: readonly string[]): Promise<unknown> {
  // Synchronous work; a thrown CliError becomes a rejected promise like in the file commands.
  return Promise.resolve(args).then(analyse);
}

function analyse(args: readonly string[]): unknown {
  const o = parseOptions(args, {
    settlement: { type: 'string' },
    maturity: { type: 'string' },
    coupon: { type: 'string' },
    frequency: { type: 'string' },
    'day-count': { type: 'string' },
    yield: { type: 'string' },
    'clean-price': { type: 'string' },
    issue: { type: 'string' },
    face: { type: 'string' },
    convention: { type: 'string' },
  });
  if ((o.yield === undefined) === (o['clean-price'] === undefined)) {
    throw new CliError('--yield ya da --clean-price seçeneklerinden tam olarak biri verilmeli');
  }
  const spec: FixedBondSpec = {
    settlement: dateOption(o.settlement, 'settlement'),
    maturity: dateOption(o.maturity, 'maturity'),
    issue: o.issue === undefined ? undefined : dateOption(o.issue, 'issue'),
    coupon: requiredNumber(o.coupon, 'coupon', (n) => n >= 0 && Number.isFinite(n)),
    frequency: requiredNumber(o.frequency, 'frequency', (n) => [1, 2, 3, 4, 6, 12].includes(n)),
    dayCount: dayCountOption(o['day-count']),
    face: numberOption(o.face, 'face', 100, (n) => n > 0 && Number.isFinite(n)),
    convention: choiceOption(o.convention, 'convention', CONVENTIONS, 'isma'),
  };
  let result: BondAnalytics;
  try {
    result =
      o.yield !== undefined
        ? fixedBondFromYield(spec, requiredNumber(o.yield, 'yield', Number.isFinite))
        : fixedBondFromCleanPrice(
            spec,
            requiredNumber(o['clean-price'], 'clean-price', (n) => n > 0 && Number.isFinite(n)),
          );
  } catch (error) {
    if (error instanceof RiskError)
      throw new CliError(`tahvil hesaplanamadı: ${riskErrorText(error)}`);
    throw error;
  }
  return {
    cleanPrice: result.cleanPrice,
    dirtyPrice: result.dirtyPrice,
    accruedInterest: result.accruedInterest,
    yield: result.yield,
    macaulayDuration: result.macaulayDuration,
    modifiedDuration: result.modifiedDuration,
    convexity: result.convexity,
    dv01: result.dv01,
    cashflows: result.cashflows.map(({ date, amount }) => ({ date, amount })),
  };
}
