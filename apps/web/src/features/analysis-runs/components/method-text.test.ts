import { describe, expect, it } from 'vitest';
import { inputCount, inputLabel, inputNumber, inputText, parameterText } from './method-text.ts';

describe('run input texts', () => {
  const inputs = {
    portfolioCodes: ['AAK', 'BBK'],
    participationRate: 0.2,
    method: 'historical',
    broken: Number.NaN,
  };

  it("reads a run's inputs by kind, null for what it lacks or holds as another kind", () => {
    expect(inputNumber(inputs, 'participationRate')).toBe(0.2);
    expect(inputNumber(inputs, 'method')).toBeNull();
    expect(inputNumber(inputs, 'broken')).toBeNull();
    expect(inputText(inputs, 'method')).toBe('historical');
    expect(inputText(inputs, 'missing')).toBeNull();
    expect(inputCount(inputs, 'portfolioCodes')).toBe(2);
    expect(inputCount(inputs, 'method')).toBeNull();
  });

  it('names a label input through its labels, never an unknown key', () => {
    const labels = { historical: 'Tarihsel Simülasyon' } as const;
    expect(inputLabel(inputs, 'method', labels)).toBe('Tarihsel Simülasyon');
    expect(inputLabel({ method: 'toString' }, 'method', labels)).toBeNull();
    expect(inputLabel({}, 'method', labels)).toBeNull();
  });

  it('joins the parts a run has, or says it ran on the defaults', () => {
    expect(parameterText(['katılım %20', null, '', '1 ek senaryo'])).toBe(
      'katılım %20 · 1 ek senaryo',
    );
    expect(parameterText([null])).toBe('Varsayılan ayarlar');
  });
});
