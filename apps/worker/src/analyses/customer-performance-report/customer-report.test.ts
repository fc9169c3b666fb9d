import { describe, expect, it } from 'vitest';
import { AnalysisInputError } from '../../runner/errors.ts';
import { customerReport, type StoredFlow } from './customer-performance-report-handler.ts';

const flow = (
  id: number,
  flowDate: string,
  kind: StoredFlow['kind'],
  amountTry: number,
): StoredFlow => ({
  id,
  flowDate,
  kind,
  amountTry,
  instrumentCode: kind === 'transferIn' || kind === 'transferOut' ? 'AAA' : null,
  note: null,
});

describe('customer report: Modified Dietz per sub-period, chained, IRR, fees, statement', () => {
  const vals = [
    { date: '2024-01-31', value: 1000 },
    { date: '2024-02-29', value: 1200 },
    { date: '2024-03-31', value: 1150 },
  ];
  const flows = [
    // On the first valuation date: already in the opening value, not a flow of the report.
    flow(1, '2024-01-31', 'deposit', 999),
    // The day after the first valuation: weight 28/29.
    flow(2, '2024-02-01', 'deposit', 150),
    // On the last day of the second sub-period: weight 0.
    flow(3, '2024-03-31', 'withdrawal', 100),
    flow(4, '2024-03-15', 'fee', 10),
    flow(5, '2024-03-10', 'transferIn', 50),
  ];
  it('matches hand-computed returns with flows on the first and last days', () => {
    const r = customerReport('MUS', 'Müşteri', vals, flows);
    // Feb: (1200 − 1000 − 150) / (1000 + 150·28/29).
    const feb = 50 / (1000 + (150 * 28) / 29);
    // Mar (31 days): ext = +50 (Mar 10, weight 21/31), −100 (Mar 31, weight 0);
    // net: (1150 − 1200 − (−50)) / (1200 + 50·21/31) = 0.
    const mar = (1150 - 1200 - (50 - 100)) / (1200 + (50 * 21) / 31);
    expect(r.netReturn).toBeCloseTo((1 + feb) * (1 + mar) - 1, 12);
    // Gross: the fee of Mar 15 (weight 16/31) becomes a withdrawal.
    const marGross = (1150 - 1200 - (50 - 100 - 10)) / (1200 + (50 * 21) / 31 - (10 * 16) / 31);
    expect(r.grossReturn).toBeCloseTo((1 + feb) * (1 + marGross) - 1, 12);
    expect(r.fees).toBe(10);
    expect(r.netFlows).toBe(150 + 50 - 100);
    // Statement: closing = opening + flows + income + gains − fees.
    const march = r.statement.find((s) => s.period === '2024-03')!;
    expect(march.openingValue).toBe(1200);
    expect(march.closingValue).toBe(1150);
    expect(march.gains).toBeCloseTo(1150 - 1200 - (50 - 100) + 10, 10);
    // IRR: 1000 at Jan 31, +150 Feb 1, +50 Mar 10, −100 Mar 31, 1150 at Mar 31 (substitution check).
    const t = (d: string) => (Date.parse(d) - Date.parse('2024-01-31')) / 86_400_000 / 365;
    const g = 1 + r.irrAnnualized;
    const fv =
      1000 * g ** t('2024-03-31') +
      150 * g ** (t('2024-03-31') - t('2024-02-01')) +
      50 * g ** (t('2024-03-31') - t('2024-03-10')) -
      100;
    expect(fv).toBeCloseTo(1150, 6);
  });
  it('answers a withdrawal larger than the portfolio in Turkish, naming the date', () => {
    expect(() =>
      customerReport('MUS', 'Müşteri', vals, [flow(9, '2024-02-10', 'withdrawal', 5000)]),
    ).toThrow(
      /MUS portföyü: 10\.02\.2024 tarihli para çıkışı \(5\.000,00 TL\), portföyün o günkü değerini \(1\.000,00 TL\) aşıyor/,
    );
  });
  it('needs two valuations', () => {
    expect(() => customerReport('MUS', 'Müşteri', vals.slice(0, 1), [])).toThrow(
      AnalysisInputError,
    );
  });
});
