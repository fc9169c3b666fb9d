import { describe, expect, it } from 'vitest';
import { labelOptions, toNumber } from './field-values.ts';

describe('field values', () => {
  it('keeps numbers and turns an empty or partial entry into ""', () => {
    expect(toNumber(0)).toBe(0);
    expect(toNumber(12.5)).toBe(12.5);
    expect(toNumber('')).toBe('');
    expect(toNumber('-')).toBe('');
  });

  it('lists a label map as select options in its order', () => {
    expect(labelOptions({ sftp: 'SFTP', ftp: 'FTP' })).toEqual([
      { value: 'sftp', label: 'SFTP' },
      { value: 'ftp', label: 'FTP' },
    ]);
  });
});
