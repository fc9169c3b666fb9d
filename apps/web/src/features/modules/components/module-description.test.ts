import { describe, expect, it } from 'vitest';
import { moduleDescription } from './module-description.ts';

describe('module description', () => {
  it('gives what a module covers without its number, and nothing for a module without a description', () => {
    expect(moduleDescription(2)).toBe('Stres testi, risk değeri, likidite, yoğunlaşma, aktif pay');
    expect(moduleDescription(4)).toBe('');
  });
});
