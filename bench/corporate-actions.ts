/**
 * Corporate-action derivation benchmark (issue 10: adjusted and total-return series for 500
 * shares over 10 years in under 5 seconds). Builds 500 raw close series of 2,520 business days
 * each with a split, two bonus issues, a rights issue and ten yearly dividends per share, then
 * times deriveAdjustedSeries (packages/risk, the function the API runs when actions or prices
 * change) over all of them and checks the derived series is smooth across every ex-date.
 * Run: node --import tsx bench/corporate-actions.ts
 */
import { performance } from 'node:perf_hooks';
import {
  TURKISH_CALENDAR,
  businessDaysInRange,
  deriveAdjustedSeries,
  type CorporateAction,
} from '@fonrisk/risk';

const SHARES = 500;
const LIMIT_SECONDS = 5;
const dates = businessDaysInRange('2015-01-01', '2025-12-31', TURKISH_CALENDAR).slice(-2_520);

interface Share {
  raw: Float64Array;
  actions: CorporateAction[];
}

function share(seed: number): Share {
  const n = dates.length;
  const raw = new Float64Array(n);
  let level = 10 + (seed % 90);
  const actions: CorporateAction[] = [];
  const at = (i: number) => dates[i]!;
  const split = 300 + (seed % 200);
  const bonus1 = 900 + (seed % 300);
  const bonus2 = 1_700 + (seed % 300);
  const rights = 2_200 + (seed % 200);
  actions.push({
    kind: 'split',
    exDate: at(split),
    ratio: 2,
    amount: null,
    subscriptionPrice: null,
  });
  actions.push({
    kind: 'bonus',
    exDate: at(bonus1),
    ratio: 100,
    amount: null,
    subscriptionPrice: null,
  });
  actions.push({
    kind: 'bonus',
    exDate: at(bonus2),
    ratio: 50,
    amount: null,
    subscriptionPrice: null,
  });
  for (let i = 0; i < n; i++) {
    level *= 1 + Math.sin(seed * 31.7 + i * 12.9898) * 0.015;
    if (i === split) level /= 2;
    if (i === bonus1) level /= 2;
    if (i === bonus2) level /= 1.5;
    if (i === rights) level = (level + 0.5 * level * 0.6) / 1.5; // TERP at 60 % of the price
    if (i > 0 && i % 252 === 100) {
      const dividend = level * 0.03;
      actions.push({
        kind: 'dividend',
        exDate: at(i),
        ratio: null,
        amount: dividend,
        subscriptionPrice: null,
      });
      level -= dividend;
    }
    raw[i] = level;
  }
  actions.push({
    kind: 'rights',
    exDate: at(rights),
    ratio: 50,
    amount: null,
    subscriptionPrice: raw[rights - 1]! * 0.6,
  });
  return { raw, actions };
}

const shares = Array.from({ length: SHARES }, (_, s) => share(s + 1));
const started = performance.now();
let worstJump = 0;
for (const s of shares) {
  const { adjusted } = deriveAdjustedSeries(dates, s.raw, s.actions);
  for (let i = 1; i < adjusted.length; i++)
    worstJump = Math.max(worstJump, Math.abs(adjusted[i]! / adjusted[i - 1]! - 1));
}
const seconds = (performance.now() - started) / 1000;
const points = SHARES * dates.length;
console.log(
  `${SHARES} pay × ${dates.length} iş günü (${(points / 1e6).toFixed(2)} milyon değer), pay başına ${shares[0]!.actions.length} kurumsal işlem: düzeltilmiş ve toplam getiri serileri ${seconds.toFixed(2)} s.`,
);
console.log(
  `Düzeltilmiş serideki en büyük günlük değişim: %${(worstJump * 100).toFixed(2)} (ham seride bölünme günü %-50).`,
);
const ok = seconds < LIMIT_SECONDS && worstJump < 0.05;
console.log(
  ok ? `Hedef (< ${LIMIT_SECONDS} s) karşılandı.` : `Hedef (< ${LIMIT_SECONDS} s) KARŞILANMADI.`,
);
process.exitCode = ok ? 0 : 1;
