import { describe, expect, it } from 'vitest';
import {
  ANALYSIS_TYPE_IDS,
  CreateRunRequestSchema,
  RunResponseSchema,
  findAnalysisType,
  isAnalysisType,
  runScope,
} from './registry.ts';
import { storedSettingsProblemText } from './var-settings.ts';

const run = {
  id: '00000000-0000-4000-8000-000000000001',
  status: 'done',
  progress: 1,
  progressMessage: null,
  inputs: {},
  portfolioCodes: ['DHS'],
  asOfDate: '2026-01-05',
  fromDate: null,
  toDate: null,
  createdBy: { id: 1, fullName: 'A' },
  createdAt: '2026-01-05T10:00:00Z',
  startedAt: null,
  finishedAt: null,
  durationMs: null,
  error: null,
  engineVersion: '0.1.0',
  dataSnapshot: null,
  attempt: 1,
  cancelRequested: false,
  analysisBased: false,
};

describe('the analysis registry', () => {
  it('knows every analysis type by id and nothing else, the four Module 1 types first', () => {
    expect(ANALYSIS_TYPE_IDS).toEqual([
      'var',
      'backtest',
      'leverage',
      'incremental-var',
      'performance-report',
      'customer-performance-report',
      'bond-analysis',
      'internal-audit',
      'fund-statistics',
      'risk-value',
      'stress-test',
      'liquidity-test',
      'concentration-risk',
      'active-share',
      'risk-graphic',
    ]);
    expect(isAnalysisType('leverage')).toBe(true);
    expect(isAnalysisType('toString')).toBe(false);
    expect(findAnalysisType('backtest')?.resultRoute).toBe('backtest-result');
    expect(findAnalysisType('yok')).toBeNull();
  });

  it('validates a run request with the inputs schema of its type', () => {
    const ok = CreateRunRequestSchema.safeParse({
      analysisType: 'incremental-var',
      inputs: { portfolioCode: 'DHS', asOfDate: '2026-01-05' },
    });
    expect(ok.success && ok.data.inputs).toMatchObject({ trades: [] });
    const unknown = CreateRunRequestSchema.safeParse({ analysisType: 'yok', inputs: {} });
    expect(unknown.error?.issues[0]).toMatchObject({
      path: ['analysisType'],
      message: 'bilinmeyen analiz türü',
    });
  });

  it('types a stored run by its analysis type and keeps one whose result no longer matches', () => {
    const leverage = {
      ...run,
      analysisType: 'leverage',
      result: { asOfDate: '2026-01-05', portfolios: [], tables: {} },
    };
    expect(RunResponseSchema.parse(leverage)).toEqual(leverage);
    const old = { ...run, analysisType: 'leverage', result: { eski: true } };
    expect(RunResponseSchema.parse(old).result).toEqual({ eski: true });
  });

  it('reads the scope of a run from its inputs', () => {
    expect(runScope({ portfolioCodes: ['A', 'B'], asOfDate: '2026-01-05' })).toEqual({
      portfolioCodes: ['A', 'B'],
      asOfDate: '2026-01-05',
      fromDate: null,
      toDate: null,
    });
    expect(runScope({ portfolioCode: 'A', fromDate: '2026-01-01', toDate: '2026-01-31' })).toEqual({
      portfolioCodes: ['A'],
      asOfDate: null,
      fromDate: '2026-01-01',
      toDate: '2026-01-31',
    });
    expect(runScope(null).portfolioCodes).toEqual([]);
  });

  it('words invalid stored settings in Turkish with each field', () => {
    expect(
      storedSettingsProblemText([
        { field: 'windowDays', message: 'gözlem süresi en az 20 iş günü olmalı' },
      ]),
    ).toBe(
      'Kayıtlı RMD analizi ayarları geçersiz (windowDays: gözlem süresi en az 20 iş günü olmalı). Ayarları RMD Analizi Ayarları ekranından düzeltip kaydedin.',
    );
  });
});
