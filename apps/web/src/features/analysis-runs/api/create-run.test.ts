import { describe, expect, it } from 'vitest';
import { dataWarningsText } from './create-run.ts';

describe('dataWarningsText', () => {
  it('is null without warnings, lists three and counts the rest', () => {
    expect(dataWarningsText([])).toBeNull();
    expect(dataWarningsText([{ message: 'A bayat.' }])).toBe(
      'Analiz başladı; veri uyarıları: A bayat.',
    );
    const five = ['1.', '2.', '3.', '4.', '5.'].map((message) => ({ message }));
    expect(dataWarningsText(five)).toBe(
      'Analiz başladı; veri uyarıları: 1. 2. 3. (ve 2 uyarı daha; Ana Sayfa’daki veri kalitesi görünümüne bakın)',
    );
  });
});
