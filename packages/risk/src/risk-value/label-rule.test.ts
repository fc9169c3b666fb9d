import { describe, expect, it } from 'vitest';
import { checkRiskLabel } from './label-rule.ts';

describe('label rule (Rehber §1.2 b)', () => {
  it('finds the risk word in the name and checks the class against its range', () => {
    expect(checkRiskLabel('Demo Müşteri Portföyü - Temkinli', 2)).toEqual({
      word: 'Temkinli',
      minRiskValue: 1,
      maxRiskValue: 2,
      consistent: true,
    });
    expect(checkRiskLabel('Demo Müşteri Portföyü - Temkinli', 3).consistent).toBe(false);
    expect(checkRiskLabel('X PORTFÖY DENGELİ DEĞİŞKEN FON', 3).word).toBe('Dengeli');
    expect(checkRiskLabel('X Portföy Dengeli Değişken Fon', 5).consistent).toBe(false);
    expect(checkRiskLabel('X Büyüme Fon Sepeti Fonu', 5).consistent).toBe(true);
    expect(checkRiskLabel('X Büyüme Fon Sepeti Fonu', 6).consistent).toBe(false);
    expect(checkRiskLabel('X Agresif Değişken Fon', 7).consistent).toBe(true);
    expect(checkRiskLabel('X Agresif Değişken Fon', 4).consistent).toBe(false);
  });
  it('needs a whole word: no risk word in an ordinary name', () => {
    expect(checkRiskLabel('Demo Hisse Senedi Fonu', 6)).toEqual({
      word: null,
      minRiskValue: null,
      maxRiskValue: null,
      consistent: null,
    });
    expect(checkRiskLabel('Ataköy Gayrimenkul Fonu', 3).word).toBeNull();
  });
});
