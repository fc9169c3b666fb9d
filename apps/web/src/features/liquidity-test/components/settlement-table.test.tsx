import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LiquidityFund, ResultTable } from '@fonrisk/contracts';
import { renderScreen } from '../../../components/testing/render-screen.tsx';
import { INITIAL_LIQUIDITY_FORM, validateLiquidityForm } from './liquidity-form-model.ts';
import { SettlementTable } from './settlement-table.tsx';

const FUND: LiquidityFund = {
  portfolioCode: 'LQB',
  portfolioName: 'Bayram Test Fonu',
  date: '2025-06-04',
  nav: 100_000,
  buckets: [],
  scenarios: [],
  liquidationCostTry: 0,
  positionsWithoutVolume: 0,
  notes: [],
  settlement: { tradeDate: '2025-06-04', paymentDate: '2025-06-10', cashByPaymentDateTry: 84_000 },
};

const TABLES: Record<string, ResultTable> = {
  redemptionPayment: {
    title: 'İade ödeme tarihi ve takas edilmiş nakit',
    columns: [
      { key: 'name', label: 'Senaryo', format: 'text' },
      { key: 'paymentDate', label: 'İade ödeme tarihi', format: 'date' },
    ],
    rows: [
      { portfolioCode: 'LQB', name: 'Sabit', paymentDate: '2025-06-10' },
      { portfolioCode: 'OTHER', name: 'Başka fon', paymentDate: '2025-06-11' },
    ],
  },
};

describe('settlement dates of a liquidity-test fund', () => {
  it('shows the trade and payment dates on the Turkish calendar and the cash settled by then', () => {
    renderScreen(
      <SettlementTable runId="1" fund={FUND} calendar="Türkiye iş günü takvimi" tables={TABLES} />,
    );
    expect(screen.getByTestId('liquidity-payment-date').textContent).toContain('10.06.2025');
    expect(screen.getByText('Tarihler: Türkiye iş günü takvimi')).toBeTruthy();
    expect(screen.getByText(/FTD'ye oranla %84,00/)).toBeTruthy();
  });

  it('shows nothing for a run from before settlement dates existed', () => {
    const old: LiquidityFund = { ...FUND, settlement: undefined };
    renderScreen(<SettlementTable runId="1" fund={old} calendar={undefined} tables={{}} />);
    expect(screen.queryByTestId('liquidity-settlement')).toBeNull();
  });
});

describe('settlement lags on the liquidity form', () => {
  const base = { ...INITIAL_LIQUIDITY_FORM, portfolioCodes: ['DHS'], asOfDate: '2025-06-04' };

  it('sends the defaults of the contract and an edited lag', () => {
    const ok = validateLiquidityForm(base);
    expect(ok.ok && ok.inputs.settlementLagDays.stock).toBe(2);
    expect(ok.ok && ok.inputs.settlementLagDays.governmentBond).toBe(1);
    expect(ok.ok && ok.inputs.settlementLagDays.repo).toBe(0);
    const edited = validateLiquidityForm({
      ...base,
      typeSettings: {
        ...base.typeSettings,
        governmentBond: { ...base.typeSettings.governmentBond, settlementLag: 0 },
      },
    });
    expect(edited.ok && edited.inputs.settlementLagDays.governmentBond).toBe(0);
  });

  it('names the type of a bad lag in Turkish', () => {
    const bad = validateLiquidityForm({
      ...base,
      typeSettings: {
        ...base.typeSettings,
        stock: { ...base.typeSettings.stock, settlementLag: -1 },
      },
    });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.errors.typeSettings).toBe('Hisse Senedi: takas valörü negatif olamaz');
  });
});
