import { describe, expect, it } from 'vitest';

// User-facing text never tells how the app was started or built (issue 21): the screens speak to
// a risk officer, not to whoever ran the server. Every source of the SPA (tests aside) is read as
// text and its string literals are searched for commands of the terminal.
const SOURCES = import.meta.glob<string>(
  ['./**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}', '!./test/**'],
  {
    eager: true,
    query: '?raw',
    import: 'default',
  },
);

/** The contents of the quoted and template literals of one source (comments are not text). */
function literals(source: string): string[] {
  const withoutComments = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  return [...withoutComments.matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g)].map(
    (m) => m[1] ?? m[2] ?? m[3] ?? '',
  );
}

const TERMINAL = /\b(npm|npx|node|tsx|pnpm|yarn)\s+(start|run|install|ci|scripts\/)/;

describe('user-facing text', () => {
  it('reads every source of the SPA', () => {
    expect(Object.keys(SOURCES)).toContain('./features/ftp/messages.ts');
    expect(Object.keys(SOURCES).length).toBeGreaterThan(100);
  });

  it('never mentions how the app was started', () => {
    const found = Object.entries(SOURCES).flatMap(([file, source]) =>
      literals(source)
        .filter((text) => TERMINAL.test(text))
        .map((text) => `${file}: ${text}`),
    );
    expect(found).toEqual([]);
  });

  it('finds such a mention where there is one', () => {
    expect(
      literals("const m = { a: 'npm start ile açılan ortam' };").some((t) => TERMINAL.test(t)),
    ).toBe(true);
  });
});
