import { describe, expect, it } from 'vitest';
import { formatModuleList, isModuleNumber, parseModuleList } from './modules.ts';

describe('module lists', () => {
  it('reads the stored list: blanks and non-modules ignored, duplicates removed, ascending', () => {
    expect(parseModuleList('5, 1,,3,1,9,x')).toEqual([1, 3, 5]);
    expect(parseModuleList('')).toEqual([]);
    expect(parseModuleList(null)).toEqual([]);
    expect(parseModuleList(undefined)).toEqual([]);
  });

  it('writes a list back the same way', () => {
    expect(formatModuleList([5, 1, 3, 1, 7])).toBe('1,3,5');
    expect(formatModuleList([])).toBe('');
    expect(isModuleNumber(4)).toBe(true);
    expect(isModuleNumber('4')).toBe(false);
  });
});
