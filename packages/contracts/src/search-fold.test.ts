import { describe, expect, it } from 'vitest';
import { FOLD_FROM, FOLD_TO, foldText, matchesFolded } from './search-fold.ts';

describe('foldText', () => {
  it('folds Turkish letters and case to one plain form', () => {
    expect(foldText('İŞ BANKASI')).toBe('is bankasi');
    expect(foldText('ISCTR')).toBe('isctr');
    expect(foldText('Işık Çağrı Güneş Öztürk')).toBe('isik cagri gunes ozturk');
    expect(foldText('Âlî Ûmran')).toBe('ali umran');
    // Not what a Turkish lower-casing alone gives: it keeps the dotless ı of "I".
    expect('ISCTR'.toLocaleLowerCase('tr-TR')).toBe('ısctr');
  });

  it('maps each letter of FOLD_FROM to one of FOLD_TO', () => {
    expect(FOLD_FROM.length).toBe(FOLD_TO.length);
    for (const ch of FOLD_TO) expect(ch).toMatch(/^[a-z]$/);
  });

  it('matches a typed text against any of several, an empty one against all', () => {
    expect(matchesFolded(' isctr ', ['GARAN', 'İş Bankası', 'ISCTR'])).toBe(true);
    expect(matchesFolded('iş bank', ['ISCTR', 'İŞ BANKASI (C)'])).toBe(true);
    expect(matchesFolded('garan', ['ISCTR'])).toBe(false);
    expect(matchesFolded('  ', [])).toBe(true);
  });
});
