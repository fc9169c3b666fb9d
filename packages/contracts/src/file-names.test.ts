import { describe, expect, it } from 'vitest';
import { fileNameStem } from './file-names.ts';

describe('fileNameStem', () => {
  it('writes Turkish and other accented letters as their ASCII base letter, the rest as dashes', () => {
    expect(fileNameStem('Yönetim Kurulu Aylık Risk Raporu — AAK')).toBe(
      'Yonetim-Kurulu-Aylik-Risk-Raporu-AAK',
    );
    expect(fileNameStem('İŞ ÇĞÜÖ ışçğüö')).toBe('IS-CGUO-iscguo');
    expect(fileNameStem('Pozisyon Bazında K/Z (TL) · Âdil')).toBe('Pozisyon-Bazinda-K-Z-TL-Adil');
    expect(fileNameStem(' — ')).toBe('');
  });
});
