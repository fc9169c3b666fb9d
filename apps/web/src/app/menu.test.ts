import { describe, expect, it } from 'vitest';
import { ROUTES } from '@fonrisk/contracts';
import { buildMenu } from './menu.ts';

const paths = (subject: Parameters<typeof buildMenu>[1]): string[] =>
  buildMenu(ROUTES, subject).flatMap((s) => s.items.map((r) => r.path));

describe('buildMenu', () => {
  it('shows only the public menu entries when signed out, never the login page', () => {
    expect(paths(null)).toEqual(['', 'blog']);
  });

  it('hides run screens from an observer but shows results of their modules', () => {
    const shown = paths({ role: 'Gozlemleyici', modules: [1, 2, 3, 4, 5] });
    expect(shown).toContain('var-analysis-result');
    expect(shown).toContain('liquidity-test');
    expect(shown).not.toContain('varAnalysis');
    expect(shown).not.toContain('stress-test');
    expect(shown).not.toContain('bond-analysis');
  });

  it('hides screens of modules the user lacks', () => {
    const shown = paths({ role: 'Hesaplayici', modules: [1, 3] });
    expect(shown).toContain('varAnalysis');
    expect(shown).toContain('internalAudit');
    expect(shown).not.toContain('stress-test');
    expect(shown).not.toContain('performance-report');
    expect(shown, 'login-only routes carry no module check').toContain('user-settings');
  });

  it('groups sections in the fixed order with their Turkish titles and drops empty ones', () => {
    const sections = buildMenu(ROUTES, { role: 'Hesaplayici', modules: [1] });
    expect(sections.map((s) => s.title)).toEqual([
      'Genel',
      'RMD ve Kaldıraç',
      'İç Denetim ve İstatistik',
      'Raporlar',
      'Veri Yönetimi',
      'Ayarlar',
    ]);
  });
});
