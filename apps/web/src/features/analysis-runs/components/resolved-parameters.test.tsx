import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  BACKTEST_MODEL_OVERRIDES,
  VAR_SETTINGS_DEFAULTS,
  type VarSettings,
} from '@fonrisk/contracts';
import { renderScreen, signInAs } from '../../../components/testing/render-screen.tsx';
import { ResolvedParametersPreview } from './resolved-parameters.tsx';

/** Saved settings unlike the defaults, and one portfolio with a relative limit. */
const SETTINGS: VarSettings = {
  ...VAR_SETTINGS_DEFAULTS,
  method: 'ewma',
  ewmaLambda: 0.97,
  confidenceLevel: 0.95,
  windowDays: 500,
  horizonDays: 10,
  approach: 'absolute',
  portfolioLimits: [
    {
      portfolioCode: 'DHS',
      approach: 'relative',
      absoluteLimitPct: null,
      relativeLimitPct: 200,
      leverageLimitPct: null,
    },
  ],
};

function preview(props: Partial<Parameters<typeof ResolvedParametersPreview>[0]> = {}): string {
  cleanup();
  signInAs('Hesaplayici');
  renderScreen(
    <ResolvedParametersPreview inputs={{}} settings={SETTINGS} portfolioCode={null} {...props} />,
  );
  return screen.getByTestId('resolved-parameters').textContent;
}

describe('resolved parameters preview', () => {
  it('fills what the form leaves empty from the saved settings', () => {
    const text = preview({ inputs: { portfolioCodes: ['DAL'], confidenceLevel: 0.99 } });
    expect(text).toContain('Kullanılacak parametreler');
    expect(text).toContain('Güven düzeyi: %99');
    expect(text).toContain('Gözlem süresi: 500 iş günü');
    expect(text).toContain('Elde tutma süresi: 10 iş günü');
    expect(text).toContain('0,97');
    expect(text).toContain('Yaklaşım: Mutlak RMD');
  });

  it("takes the approach of the portfolio's limit row, as the worker does", () => {
    expect(preview({ portfolioCode: 'DHS' })).toContain('Yaklaşım: Göreli RMD');
    expect(preview({ portfolioCode: 'DHS', inputs: { approach: 'absolute' } })).toContain(
      'Yaklaşım: Mutlak RMD',
    );
  });

  it("applies a type's fixed parameters (a backtest's 1-day VaR)", () => {
    const text = preview({ inputs: { horizonDays: 20 }, overrides: BACKTEST_MODEL_OVERRIDES });
    expect(text).toContain('Elde tutma süresi: 1 iş günü');
  });

  it('waits for valid parameter fields', () => {
    expect(preview({ inputs: { confidenceLevel: 2 } })).toContain(
      'Parametre alanları geçerli olduğunda burada gösterilir.',
    );
  });
});
