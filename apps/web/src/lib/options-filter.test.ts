import { describe, expect, it } from 'vitest';
import { foldedOptionsFilter } from './options-filter.ts';

const OPTIONS = [
  { value: 'ISY', label: 'ISY · İş Yatırım Hisse Fonu' },
  { value: 'DIB', label: 'DIB · DİBS Fonu' },
  { group: 'Müşteri', items: [{ value: 'M1', label: 'M1 · Işık Ailesi' }] },
];

const values = (search: string) =>
  foldedOptionsFilter({ options: OPTIONS, search, limit: Infinity }).flatMap((o) =>
    'group' in o ? o.items.map((i) => i.value) : [o.value],
  );

describe('foldedOptionsFilter', () => {
  it('matches Turkish letters whatever the case and dots the user types', () => {
    expect(values('iş yat')).toEqual(['ISY']);
    expect(values('IS YAT')).toEqual(['ISY']);
    expect(values('dibs')).toEqual(['DIB']);
    expect(values('ışık')).toEqual(['M1']);
    expect(values('isik')).toEqual(['M1']);
    expect(values('')).toEqual(['ISY', 'DIB', 'M1']);
    expect(values('yok')).toEqual([]);
  });

  it('stops at the limit', () => {
    expect(foldedOptionsFilter({ options: OPTIONS, search: 'fonu', limit: 1 })).toHaveLength(1);
  });
});
