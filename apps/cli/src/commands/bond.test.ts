import { describe, expect, it } from 'vitest';
import { help, run } from './bond.ts';
import { CliError } from '../errors.ts';

const excelExample = [
  '--settlement',
  '2008-02-15',
  '--maturity',
  '2017-11-15',
  '--coupon',
  '0.0575',
  '--frequency',
  '2',
  '--day-count',
  '30-360',
];

describe('fonrisk bond', () => {
  it('prices the Excel PRICE documentation example from its yield (94.63436, 30/360)', async () => {
    // support.microsoft.com "PRICE function": PRICE(15.02.2008, 15.11.2017, 5.75 %, 6.5 %, 100, 2, 0) = 94.63436.
    const out = (await run([...excelExample, '--yield', '0.065'])) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual([
      'cleanPrice',
      'dirtyPrice',
      'accruedInterest',
      'yield',
      'macaulayDuration',
      'modifiedDuration',
      'convexity',
      'dv01',
      'cashflows',
    ]);
    expect(out.cleanPrice as number).toBeCloseTo(94.63436162, 7);
    expect(out.accruedInterest as number).toBeCloseTo(1.4375, 12);
    expect(out.dirtyPrice as number).toBeCloseTo(94.63436162 + 1.4375, 7);
    expect((out.cashflows as unknown[])[0]).toEqual({ date: '2008-05-15', amount: 2.875 });
  });

  it('solves the yield from a clean price and scales cash flows to --face', async () => {
    const out = (await run([
      ...excelExample,
      '--clean-price',
      '94.63436162',
      '--face',
      '1000',
    ])) as { yield: number; cashflows: { amount: number }[] };
    expect(out.yield).toBeCloseTo(0.065, 9);
    expect(out.cashflows.at(-1)!.amount).toBeCloseTo(1028.75, 10);
  });

  it('accepts the tr-treasury convention, an issue date and Turkish dates', async () => {
    const out = (await run([
      '--settlement',
      '15.03.2024',
      '--maturity',
      '2026-09-09',
      '--coupon',
      '0.3',
      '--frequency',
      '2',
      '--day-count',
      'actact-isma',
      '--yield',
      '0.35',
      '--convention',
      'tr-treasury',
      '--issue',
      '2023-09-09',
    ])) as { dirtyPrice: number };
    // Independent scipy figure, see packages/risk/src/bonds/fixed-bond.test.ts.
    expect(out.dirtyPrice).toBeCloseTo(96.5026424163431, 11);
  });

  it('rejects missing or conflicting price inputs, bad values and impossible bonds with Turkish messages', async () => {
    await expect(run(excelExample)).rejects.toThrow(/--yield ya da --clean-price/);
    await expect(run([...excelExample, '--yield', '0.06', '--clean-price', '99'])).rejects.toThrow(
      CliError,
    );
    await expect(
      run([...excelExample.slice(0, 8), '--day-count', 'act360', '--yield', '0.06']),
    ).rejects.toThrow(/--day-count/);
    await expect(
      run(['--settlement', '2008-02-30', ...excelExample.slice(2), '--yield', '0.06']),
    ).rejects.toThrow(/--settlement geçerli bir tarih değil/);
    await expect(run([...excelExample, '--yield', 'abc'])).rejects.toThrow(/--yield geçersiz/);
    await expect(run([...excelExample, '--clean-price=-5'])).rejects.toThrow(
      /--clean-price geçersiz/,
    );
    await expect(run([...excelExample, '--yield=-3'])).rejects.toThrow(/tahvil hesaplanamadı/);
    await expect(
      run(['--settlement', '2018-01-01', ...excelExample.slice(2), '--yield', '0.06']),
    ).rejects.toThrow(/tahvil hesaplanamadı/);
    await expect(run([...excelExample, '--yield', '0.06', '--convention', 'us'])).rejects.toThrow(
      /--convention/,
    );
  });

  it('accepts the market spellings of the day counts (ACT/ACT ICMA, 30/360, …) as the same convention', async () => {
    const base = [
      '--settlement',
      '2025-03-15',
      '--maturity',
      '2030-08-15',
      '--coupon',
      '0.05',
      '--frequency',
      '2',
      '--yield',
      '0.06',
    ];
    const price = async (dc: string) =>
      ((await run([...base, '--day-count', dc])) as { dirtyPrice: number }).dirtyPrice;
    expect(await price('ACT/ACT ICMA')).toBe(await price('actact-isma'));
    expect(await price('Actual/Actual ISDA')).toBe(await price('actact-isda'));
    expect(await price('ACT/365F')).toBe(await price('act365f'));
    expect(await price('30/360')).toBe(await price('30-360'));
    expect(await price('30/360')).not.toBe(await price('act365f'));
    await expect(price('ACT/ACT')).rejects.toThrow(
      '--day-count şunlardan biri olmalı: act365f, actact-isma, actact-isda, 30-360; verilen: "ACT/ACT"',
    );
  });

  it('documents every day-count value in its help text', () => {
    for (const dc of ['act365f', 'actact-isma', 'actact-isda', '30-360'])
      expect(help).toContain(dc);
  });
});
