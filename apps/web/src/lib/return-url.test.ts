import { describe, expect, it } from 'vitest';
import { loginUrlFor, safeReturnUrl } from './return-url.ts';

describe('loginUrlFor', () => {
  it('carries the attempted path with its query string, encoded', () => {
    expect(loginUrlFor('/varAnalysis?fund=ABC&date=2026-11-21')).toBe(
      '/login?returnUrl=%2FvarAnalysis%3Ffund%3DABC%26date%3D2026-11-21',
    );
  });
});

describe('safeReturnUrl', () => {
  it('accepts same-origin relative paths with query and hash', () => {
    expect(safeReturnUrl('/portfolios')).toBe('/portfolios');
    expect(safeReturnUrl('/varAnalysis?fund=ABC#top')).toBe('/varAnalysis?fund=ABC#top');
  });

  it('falls back to home for missing, absolute, protocol-relative or scheme urls', () => {
    for (const raw of [
      null,
      undefined,
      '',
      'https://evil.example/x',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      'portfolios',
    ]) {
      expect(safeReturnUrl(raw), String(raw)).toBe('/');
    }
  });

  it('never returns to the login page itself', () => {
    expect(safeReturnUrl('/login?returnUrl=%2Fx')).toBe('/');
  });

  it('rejects control characters that browsers strip into another origin', () => {
    expect(safeReturnUrl('/\t/evil.example')).toBe('/');
  });
});
