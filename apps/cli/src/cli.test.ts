import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readSeriesTable } from './read-table.ts';
import { main } from './run-command.ts';

const bin = resolve(import.meta.dirname, '../bin/fonrisk.js');
const dir = mkdtempSync(join(tmpdir(), 'fonrisk-cli-'));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

interface StatsDoc {
  periodsPerYear: number;
  columns: Record<
    string,
    {
      observations: number;
      start: string;
      beta?: number;
      var: Record<string, Record<string, number>>;
      es: Record<string, unknown>;
    }
  >;
}
interface VarDoc {
  var: number;
  es: number;
  positions: { name: string; component: number }[];
}
interface BacktestDoc {
  observations: number;
  exceptions: number;
  expectedExceptions: number;
  basel: unknown;
  spk: unknown;
  kupiec: { pValue: number };
  christoffersen: Record<string, unknown>;
}

interface Invocation {
  code: number | null;
  out: string;
  err: string;
  json: () => unknown;
}

/**
 * One invocation of the command, in-process: the same `main` the process runs (bin/fonrisk.js →
 * main.ts), with its output collected. The launcher itself is spawned in 'the fonrisk launcher'.
 */
async function fonrisk(...args: string[]): Promise<Invocation> {
  let out = '';
  let err = '';
  const code = await main(
    args,
    (text) => (out += text),
    (text) => (err += text),
  );
  return { code, out, err, json: (): unknown => JSON.parse(out) };
}

/** The real `fonrisk` command: node + the launcher (tsx start-up, about 1.5 s a spawn). */
function fonriskProcess(...args: string[]): Invocation {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });
  return {
    code: r.status,
    out: r.stdout,
    err: r.stderr,
    json: (): unknown => JSON.parse(r.stdout),
  };
}

// A small monthly panel: two funds, a benchmark and a risk-free column (with a gap in A).
const returns = file(
  'returns.csv',
  [
    'date,A,B,BENCH,RF',
    '2024-01-31,0.010,0.020,0.015,0.001',
    '2024-02-29,-0.020,0.010,-0.010,0.001',
    '2024-03-31,,0.030,0.020,0.001',
    '2024-04-30,0.030,-0.040,0.010,0.001',
    '2024-05-31,-0.010,0.020,-0.020,0.001',
    '2024-06-30,0.020,-0.010,0.030,0.001',
    '2024-07-31,-0.030,0.000,-0.015,0.001',
  ].join('\n'),
);

describe('fonrisk stats', () => {
  it('reports every return column except the benchmark and risk-free columns', async () => {
    const r = await fonrisk('stats', '--returns', returns, '--benchmark', 'BENCH', '--rf', 'RF');
    expect(r.code, r.err).toBe(0);
    const doc = r.json() as StatsDoc;
    expect(doc.periodsPerYear).toBe(12);
    expect(Object.keys(doc.columns)).toEqual(['A', 'B']);
    expect(doc.columns.A!.observations, 'the empty cell is skipped').toBe(6);
    expect(doc.columns.A!.start).toBe('2024-01-31');
    expect(doc.columns.A!.var.historical!['0.99']!).toBeGreaterThan(
      doc.columns.A!.var.historical!['0.95']!,
    );
    expect(typeof doc.columns.B!.beta).toBe('number');
    expect(Object.keys(doc.columns.A!.es)).toEqual(['historical', 'gaussian', 'modified']);
  });

  it('omits benchmark-relative fields without --benchmark and honours --periods-per-year', async () => {
    const doc = (
      await fonrisk(
        'stats',
        '--returns',
        returns,
        '--periods-per-year',
        '52',
        '--confidence',
        '0.9',
      )
    ).json() as StatsDoc;
    expect(doc.periodsPerYear).toBe(52);
    expect(doc.columns.A!.beta).toBeUndefined();
    expect(Object.keys(doc.columns.A!.var.gaussian!)).toEqual(['0.9']);
  });

  it('names file, row and column for an unknown column and a non-number cell', async () => {
    const unknown = await fonrisk('stats', '--returns', returns, '--benchmark', 'XU100');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain(`${returns}, satır 1, sütun "XU100"`);
    const bad = file('bad.csv', 'date,A\n2024-01-31,0.01\n2024-02-29,abc\n');
    const r = await fonrisk('stats', '--returns', bad);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`${bad}, satır 3, sütun "A": sayı değil: "abc"`);
  });

  it('rejects too little history, naming the column', async () => {
    const short = file('short.csv', 'date,A\n2024-01-31,0.01\n2024-02-29,0.02\n');
    const r = await fonrisk('stats', '--returns', short);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/short\.csv, satır 3, sütun "A": en az 4 gözlem gerekli, 2 var/);
  });
});

describe('fonrisk var', () => {
  const weights = file('weights.csv', 'name,weight\nA,0.6\nB,0.4\n');
  // 30 months, deterministic, enough for the EWMA seed window (20 observations).
  const long = file(
    'long.csv',
    [
      'date,A,B',
      ...Array.from({ length: 30 }, (_, i) => {
        const d = new Date(Date.UTC(2022, i + 1, 0)).toISOString().slice(0, 10);
        return `${d},${(Math.sin(i * 1.7) * 0.03).toFixed(5)},${(Math.cos(i * 2.3) * 0.02).toFixed(5)}`;
      }),
    ].join('\n'),
  );

  it.each(['historical', 'gaussian', 'modified', 'ewma', 'montecarlo'])(
    'decomposes the %s VaR into components that sum to it',
    async (method) => {
      const extra =
        method === 'ewma'
          ? ['--lambda', '0.9']
          : method === 'montecarlo'
            ? ['--draws', '2000', '--seed', '5']
            : [];
      const r = await fonrisk(
        'var',
        '--returns',
        long,
        '--weights',
        weights,
        '--method',
        method,
        ...extra,
      );
      expect(r.code, r.err).toBe(0);
      const doc = r.json() as VarDoc;
      expect(doc.positions.map((p: { name: string }) => p.name)).toEqual(['A', 'B']);
      const sum = doc.positions.reduce((s, p) => s + p.component, 0);
      expect(sum).toBeCloseTo(doc.var, 12);
      expect(doc.es).toBeGreaterThanOrEqual(doc.var - 1e-12);
    },
  );

  const equalGaussian = ['var', '--returns', returns, '--equal', '--method', 'gaussian'] as const;

  it('scales to currency with --value and accepts --equal', async () => {
    const frac = (await fonrisk(...equalGaussian)).json() as VarDoc;
    const tl = (await fonrisk(...equalGaussian, '--value', '1000000')).json() as VarDoc;
    expect(tl.var).toBeCloseTo(frac.var * 1_000_000, 6);
    expect(tl.positions).toHaveLength(4);
  });

  it('prints the conventions of the figure: mean included by default, √h rule whatever the mean', async () => {
    const args = ['var', '--returns', returns, '--equal', '--method', 'historical'] as const;
    const asIs = (await fonrisk(...args, '--horizon-days', '20')).json() as VarDoc & {
      conventions: Record<string, unknown>;
    };
    expect(asIs.conventions).toMatchObject({
      mean: 'include: senaryolar olduğu gibi (ortalama dahil)',
      scaling: 'RMD(20 gün) = RMD(1 gün) × √20',
      quantile: 'type7',
    });
    const oneDay = (await fonrisk(...args)).json() as VarDoc;
    expect(asIs.var).toBeCloseTo(oneDay.var * Math.sqrt(20), 12);
    const zero = (
      await fonrisk(...args, '--horizon-days', '20', '--mean', 'exclude')
    ).json() as VarDoc;
    const zeroOneDay = (await fonrisk(...args, '--mean', 'exclude')).json() as VarDoc;
    expect(zero.var).toBeCloseTo(zeroOneDay.var * Math.sqrt(20), 12);
  });

  it('names the weights row of an unknown position and rejects bad options', async () => {
    const w = file('w2.csv', 'name,weight\nA,0.5\nZZZ,0.5\n');
    const r = await fonrisk('var', '--returns', returns, '--weights', w, '--method', 'gaussian');
    expect(r.code).toBe(1);
    expect(r.err).toContain(`${w}, satır 3, sütun "name"`);
    expect(
      (await fonrisk('var', '--returns', returns, '--equal', '--method', 'magic')).err,
    ).toContain('--method şunlardan biri olmalı');
    expect((await fonrisk('var', '--returns', returns, '--method', 'gaussian')).err).toContain(
      '--weights DOSYA ya da --equal',
    );
    expect((await fonrisk(...equalGaussian, '--confidence', '2')).code).toBe(1);
    const ewma = await fonrisk(
      'var',
      '--returns',
      returns,
      '--weights',
      weights,
      '--method',
      'ewma',
    );
    expect(ewma.code).toBe(1);
    expect(ewma.err).toContain(
      `${returns}, satır 8, sütun "A, B": hesaplanamadı: yetersiz veri: en az 20 gözlem gerekir, 6 var`,
    );
  });
});

describe('fonrisk backtest', () => {
  it('tests a hit series against coverage and the Basel and SPK thresholds', async () => {
    const rows = Array.from(
      { length: 250 },
      (_, i) =>
        `${new Date(Date.UTC(2023, 0, 2 + i)).toISOString().slice(0, 10)},${[10, 50, 90, 130, 170].includes(i) ? 1 : 0}`,
    );
    const hits = file('hits.csv', ['date,hit', ...rows].join('\n'));
    const r = await fonrisk('backtest', '--hits', hits);
    expect(r.code, r.err).toBe(0);
    const doc = r.json() as BacktestDoc;
    expect(doc.observations).toBe(250);
    expect(doc.exceptions).toBe(5);
    expect(doc.expectedExceptions).toBeCloseTo(2.5, 12);
    expect(doc.basel).toEqual({
      zone: 'yellow',
      plusFactor: 0.4,
      cumulativeProbability: expect.closeTo(0.9588168159301517, 12) as unknown,
    });
    expect(doc.spk).toEqual({ reviewRequired: true, reportRequired: false });
    expect(doc.kupiec.pValue).toBeGreaterThan(0.05);
    expect(Object.keys(doc.christoffersen)).toEqual(['independence', 'conditionalCoverage']);
  });

  it('derives exceptions from P&L and VaR files on common dates', async () => {
    const pnl = file(
      'pnl.csv',
      'date,pnl\n2024-01-02,-0.03\n2024-01-03,0.01\n2024-01-04,-0.01\n2024-01-05,0.02\n',
    );
    const v = file('var.csv', 'date,var\n2024-01-02,0.02\n2024-01-03,0.02\n2024-01-05,0.02\n');
    const doc = (
      await fonrisk('backtest', '--pnl', pnl, '--var', v, '--confidence', '0.95')
    ).json() as BacktestDoc;
    expect(doc.observations).toBe(3);
    expect(doc.exceptions).toBe(1);
  });

  it('names the cell of a hit that is not 0 or 1', async () => {
    const hits = file('hits-bad.csv', 'date,hit\n2024-01-02,0\n2024-01-03,2\n');
    const r = await fonrisk('backtest', '--hits', hits);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`${hits}, satır 3, sütun "hit"`);
  });
});

describe('fonrisk main', () => {
  it('prints help and rejects unknown commands', async () => {
    expect((await fonrisk('--help')).out).toContain('fonrisk var');
    expect((await fonrisk('var', '--help')).out).toContain('--method');
    const r = await fonrisk('nope');
    expect(r.code).toBe(1);
    expect(r.err).toContain('bilinmeyen komut: "nope"');
  });
});

describe('the fonrisk launcher (bin/fonrisk.js, a real process)', () => {
  it('prints what main prints, with its exit code: 0 with the JSON on stdout, 1 with the Turkish error on stderr', async () => {
    const args = ['stats', '--returns', returns, '--benchmark', 'BENCH', '--rf', 'RF'];
    const spawned = fonriskProcess(...args);
    expect(spawned.code, spawned.err).toBe(0);
    expect(spawned.err).toBe('');
    expect(spawned.out).toBe((await fonrisk(...args)).out);
    expect((spawned.json() as StatsDoc).columns.A!.observations).toBe(6);
    const refused = fonriskProcess('stats', '--returns', returns, '--benchmark', 'XU100');
    expect(refused.code).toBe(1);
    expect(refused.out).toBe('');
    expect(refused.err).toContain(`hata: ${returns}, satır 1, sütun "XU100"`);
  }, 60_000);
});

describe('readSeriesTable', () => {
  it('reads the first worksheet of an .xlsx file with date cells, empty cells and Turkish dates', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Getiriler');
    ws.addRow(['Tarih', 'Fon']);
    ws.addRow([new Date(Date.UTC(2024, 0, 31)), 0.01]);
    ws.addRow(['29.02.2024', null]);
    ws.addRow([45382, '0,02']);
    const path = join(dir, 'table.xlsx');
    await wb.xlsx.writeFile(path);
    const t = await readSeriesTable(path);
    expect(t.dates).toEqual(['2024-01-31', '2024-02-29', '2024-03-31']);
    expect(t.columns).toEqual([{ name: 'Fon', values: [0.01, null, 0.02] }]);
  });

  it('sorts by date and rejects duplicate headers, duplicate dates and bad dates', async () => {
    const t = await readSeriesTable(file('desc.csv', 'date;A\n2024-02-29;0,5\n2024-01-31;1\n'));
    expect(t.dates).toEqual(['2024-01-31', '2024-02-29']);
    expect(t.columns[0]!.values).toEqual([1, 0.5]);
    await expect(readSeriesTable(file('dup.csv', 'date,A,A\n2024-01-31,1,2\n'))).rejects.toThrow(
      'satır 1, sütun "A": sütun başlığı tekrarlanıyor',
    );
    await expect(
      readSeriesTable(file('dupd.csv', 'date,A\n2024-01-31,1\n2024-01-31,2\n')),
    ).rejects.toThrow('tarih tekrarlanıyor');
    await expect(readSeriesTable(file('badd.csv', 'date,A\n2024-13-01,1\n'))).rejects.toThrow(
      'satır 2, sütun "date": geçerli bir tarih değil: "2024-13-01"',
    );
    await expect(readSeriesTable(join(dir, 'missing.csv'))).rejects.toThrow(
      'dosya okunamadı (ENOENT)',
    );
    await expect(readSeriesTable(file('only.csv', 'date\n2024-01-31\n'))).rejects.toThrow(
      'en az bir seri sütunu',
    );
  });
});
