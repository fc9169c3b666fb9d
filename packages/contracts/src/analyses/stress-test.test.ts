import { describe, expect, it } from 'vitest';
import { stressNoteLine, stressNotesOf } from './stress-test.ts';

describe('stress result notes', () => {
  const codes = ['NF1', 'NF10', 'NF2'];
  const notes = [
    stressNoteLine('NF1', null, 'Hisse şoku betalarla uygulandı.'),
    stressNoteLine('NF10', ['Kur Krizi; 2018', 'Faiz'], 'USD getiri eğrisi yok.'),
    stressNoteLine('NF2', null, 'Vadesiz mevduat gecelik kabul edildi.'),
    stressNoteLine('NF1', ['Faiz'], 'Bir tahvil fiyatlanamadı.'),
  ];

  it('writes the portfolio first, then the scenarios apart by semicolons', () => {
    expect(notes[1]).toBe('NF10 · Kur Krizi; 2018; Faiz: USD getiri eğrisi yok.');
    expect(stressNoteLine(null, null, 'Not.')).toBe('Tüm senaryolar: Not.');
  });

  it("gives one portfolio's notes without its code, not another's whose code begins the same", () => {
    expect(stressNotesOf(notes, 'NF1', codes)).toEqual([
      'Tüm senaryolar: Hisse şoku betalarla uygulandı.',
      'Faiz: Bir tahvil fiyatlanamadı.',
    ]);
    expect(stressNotesOf(notes, 'NF10', codes)).toEqual([
      'Kur Krizi; 2018; Faiz: USD getiri eğrisi yok.',
    ]);
  });

  it('keeps every note of a one-portfolio run, whose notes name no portfolio', () => {
    const single = [stressNoteLine(null, null, 'Hisse şoku betalarla uygulandı.')];
    expect(stressNotesOf(single, 'NF1', ['NF1'])).toEqual(single);
  });
});
