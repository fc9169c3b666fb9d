import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { replayVar, type ScenarioBundleJson, type VarReplay } from '@fonrisk/risk';
import { ANALYSIS_TYPES } from '@fonrisk/contracts';
import { main } from '../run-command.ts';
import { help, run, type ReplayOutput } from './replay.ts';

// A two-stock fund over 30 days (deterministic prices), one detailed evaluation. The worker path
// giving the same bits on the demo funds is tested in apps/api (demo-var-replay.test.ts); here the
// command itself: reading the file, "aynı", the listed differences and the Turkish errors.
const DAYS = 30;
const dates = Array.from({ length: DAYS }, (_, i) =>
  new Date(Date.UTC(2025, 0, 1 + i)).toISOString().slice(0, 10),
);
const price = (base: number, k: number) =>
  Array.from({ length: DAYS }, (_, i) => base * (1 + 0.01 * Math.sin(i * k)));

function position(code: string, valueTry: number) {
  return {
    instrumentCode: code,
    instrumentName: null,
    mainType: 'stock',
    currency: 'TRY',
    nominalValue: null,
    valueTry,
    maturityDate: null,
    ratePct: null,
    modifiedDuration: null,
    terms: null,
    mappingTicker: code,
    underlyingTicker: null,
    underlyingIsFuture: false,
  };
}

const DATA: ScenarioBundleJson = {
  holdings: [
    {
      portfolioCode: 'DHS',
      date: dates[DAYS - 1]!,
      navTry: 3000,
      positions: [position('AAA', 1000), position('BBB', 2000)],
    },
  ],
  markets: [
    {
      dates,
      series: [
        { ticker: 'AAA', kind: 'price', currency: 'TRY', tenorDays: null, values: price(10, 1.3) },
        { ticker: 'BBB', kind: 'price', currency: 'TRY', tenorDays: null, values: price(20, 0.7) },
      ],
      fx: [],
    },
  ],
  evaluations: [
    {
      portfolioCode: 'DHS',
      date: dates[DAYS - 1]!,
      market: 0,
      window: { endIndex: DAYS - 1, scenarios: 25, stepDays: 1 },
      model: {
        method: 'historical',
        confidenceLevel: 0.95,
        horizonDays: 1,
        lambda: 0.94,
        draws: 10000,
        seed: 1,
        mean: 'include',
      },
      detail: true,
    },
  ],
};

function bundleFile(data: unknown, result: unknown, extra: Record<string, unknown> = {}): string {
  const file = join(mkdtempSync(join(tmpdir(), 'fonrisk-replay-')), 'paket.json');
  const bundle = {
    format: 'fonrisk-input-bundle',
    version: 1,
    runId: '00000000-0000-4000-8000-000000000001',
    analysisType: 'var',
    engineVersion: '0.1.0',
    dataDates: { marketDataThrough: dates[DAYS - 1] },
    inputs: {},
    parameters: null,
    data,
    result,
    ...extra,
  };
  writeFileSync(file, JSON.stringify(bundle));
  return file;
}

/** The stored result as the API serves it: the figures plus fields replay does not compute. */
const STORED = JSON.parse(
  JSON.stringify({ ...replayVar(DATA), parameters: { method: 'historical' }, tables: {} }),
) as unknown;

const varOf = (out: ReplayOutput) => out.result as unknown as VarReplay;

/** A version 2 file (decision 0041): the run's recorded statements instead of scenario data. */
function v2File(fields: Record<string, unknown>): string {
  const file = join(mkdtempSync(join(tmpdir(), 'fonrisk-replay-')), 'paket.json');
  writeFileSync(
    file,
    JSON.stringify({
      format: 'fonrisk-input-bundle',
      version: 2,
      runId: '00000000-0000-4000-8000-000000000002',
      analysisType: 'stress-test',
      engineVersion: '0.1.0',
      dataDates: null,
      inputs: { portfolioCodes: ['DHS'], asOfDate: '2025-01-02', scenarioIds: [1] },
      parameters: null,
      reads: [],
      data: null,
      result: { tables: {} },
      ...fields,
    }),
  );
  return file;
}

/** DATA with one price moved: the recomputed figures differ from STORED. */
function changedData(): ScenarioBundleJson {
  const changed = structuredClone(DATA) as unknown as {
    markets: { series: { values: number[] }[] }[];
  };
  changed.markets[0]!.series[0]!.values[DAYS - 2] = 9.5;
  return changed as unknown as ScenarioBundleJson;
}

describe('fonrisk replay', () => {
  it('recomputes the figures and says "aynı" when every one has the stored bits', async () => {
    const out = (await run([bundleFile(DATA, STORED)])) as ReplayOutput;
    expect(out.comparison).toBe('aynı');
    expect(varOf(out).series[0]!.varTry).toBeGreaterThan(0);
    expect(varOf(out).portfolios[0]!.positions.map((p) => p.instrumentCode)).toEqual([
      'AAA',
      'BBB',
    ]);
    expect(out).toMatchObject({ analysisType: 'var', storedEngineVersion: '0.1.0' });
  });

  it('lists each differing figure with its path, stored and recomputed value', async () => {
    const changed = changedData();
    const out = (await run([bundleFile(changed, STORED)])) as ReplayOutput;
    expect(out.comparison).not.toBe('aynı');
    const { differences, differingFigures } = out.comparison as Exclude<
      ReplayOutput['comparison'],
      'aynı'
    >;
    expect(differingFigures).toBe(differences.length);
    const varTry = differences.find((d) => d.path === 'series[0].varTry')!;
    expect(varTry.stored).toBe((STORED as { series: { varTry: number }[] }).series[0]!.varTry);
    expect(varTry.recomputed).toBe(varOf(out).series[0]!.varTry);
    expect(differences.map((d) => d.path)).toContain('portfolios[0].positions[0].componentVarTry');
  });

  it('refuses what is not a readable bundle, in Turkish', async () => {
    await expect(run([])).rejects.toThrow('girdi paketi dosyası gerekli');
    await expect(run(['/yok/paket.json'])).rejects.toThrow('dosya okunamadı');
    const text = join(mkdtempSync(join(tmpdir(), 'fonrisk-replay-')), 'x.json');
    writeFileSync(text, 'not json');
    await expect(run([text])).rejects.toThrow('geçerli bir JSON dosyası değil');
    await expect(run([bundleFile(DATA, STORED, { format: 'x' })])).rejects.toThrow(
      'Fonrisk girdi paketi değil',
    );
    await expect(run([bundleFile(DATA, STORED, { version: 3 })])).rejects.toThrow(
      'paket sürümü 3 okunamıyor',
    );
    await expect(run([bundleFile({}, STORED)])).rejects.toThrow('"data" alanında');
    await expect(run([bundleFile(DATA, null)])).rejects.toThrow('kayıtlı sonuç');
    await expect(run([bundleFile(DATA, STORED, { analysisType: 'backtest' })])).rejects.toThrow(
      '"backtest" türünün sürüm 1 paketi yeniden hesaplanamıyor',
    );
    await expect(run([bundleFile({ ...DATA, holdings: [] }, STORED)])).rejects.toThrow(
      'paket yeniden hesaplanamadı',
    );
    await expect(run([bundleFile(DATA, STORED), 'fazla'])).rejects.toThrow('beklenmeyen argüman');
  });

  it('lists every analysis type as replayable in its help', () => {
    for (const type of Object.keys(ANALYSIS_TYPES)) expect(help).toContain(type);
  });

  it('names what is wrong with a version 2 file, in Turkish', async () => {
    await expect(run([v2File({ reads: undefined })])).rejects.toThrow(
      'kayıtlı sorgular ("reads") listesi yok',
    );
    await expect(run([v2File({ reads: [{ text: 'select 1' }] })])).rejects.toThrow(
      'reads[0] bir sorgu kaydı değil',
    );
    await expect(run([v2File({ inputs: null })])).rejects.toThrow(
      'analiz girdileri ("inputs") yok',
    );
    await expect(run([v2File({ analysisType: 'yok' })])).rejects.toThrow(
      '"yok" analiz türü bu sürümde yeniden hesaplanamıyor',
    );
    await expect(run([v2File({ inputs: { portfolioCodes: 5 } })])).rejects.toThrow(
      'paketteki analiz girdileri bu sürümde geçersiz: portfolioCodes',
    );
  });

  it('names the statement the code sends that the run did not record', async () => {
    // The stress test's first read, answered by nothing: the message names its SQL.
    const error = await run([v2File({})]).catch((e: unknown) => e);
    expect(String(error)).toContain('pakette kaydı olmayan bir sorgu çalıştırdı');
    expect(String(error)).toMatch(/select/i);
  });

  it('runs as `fonrisk replay PAKET.json` and prints the JSON', () => {
    const bin = resolve(import.meta.dirname, '../../bin/fonrisk.js');
    const done = spawnSync(process.execPath, [bin, 'replay', bundleFile(DATA, STORED)], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(done.status).toBe(0);
    expect((JSON.parse(done.stdout) as ReplayOutput).comparison).toBe('aynı');
  }, 60_000);

  it('exits 1 when figures differ, like cmp and diff, still printing them', async () => {
    // The exit code main gives the launcher (bin/fonrisk.js sets it as the process's, as the
    // spawned cases of cli.test.ts and the one above show), driven in-process.
    let out = '';
    let err = '';
    const code = await main(
      ['replay', bundleFile(changedData(), STORED)],
      (text) => (out += text),
      (text) => (err += text),
    );
    expect(code).toBe(1);
    const printed = JSON.parse(out) as ReplayOutput;
    expect(printed.comparison).toMatchObject({ differingFigures: expect.any(Number) as number });
    expect(err).toBe('');
  });
});
