import { describe, expect, it } from 'vitest';
import { decideAccess, type AccessDecision, type AccessSubject } from './access.ts';
import { ROUTES, findRoute } from './routes.ts';

/**
 * The expectations below are transcribed by hand from product-spec.md sections 2 and 6, not
 * derived from ROUTES. Columns of each pattern are the module sets in MODULE_SETS order; '+' means
 * the route opens, '-' means the user is sent home. PUBLIC and LOGIN routes open for every signed-in
 * user whatever the modules. `ALL` rows hold for all four roles; `RUN` rows hold for Admin,
 * Hesaplayici and Super Admin, while Gozlemleyici is sent home everywhere (section 6: observers are
 * excluded from creation and run screens).
 */
const MODULE_SETS: readonly (readonly number[])[] = [
  [],
  [1],
  [1, 3],
  [2],
  [5],
  [4],
  [1, 2, 3, 4, 5],
];
const ROLES = ['Admin', 'Hesaplayici', 'Gozlemleyici', 'Super Admin'] as const;

type Kind = 'PUBLIC' | 'LOGIN' | 'ALL' | 'RUN';
//                           none [1] [1,3] [2] [5] [4] all
const M1 = '-++---+'; //     module 1
const M2 = '---+--+'; //     module 2
const M3 = '--+---+'; //     module 3
const M5 = '----+-+'; //     module 5
const M123 = '-+++--+'; //   modules 1, 2 or 3
const ANY = '-++++++'; //    modules 1 to 5 / any module
const OPEN = '+++++++'; //   no module check

const SPEC: readonly (readonly [path: string, kind: Kind, pattern: string])[] = [
  // Section 2: public routes
  ['', 'PUBLIC', OPEN],
  ['login', 'PUBLIC', OPEN],
  ['blog', 'PUBLIC', OPEN],
  // Section 2: login only
  ['portfolios', 'LOGIN', OPEN],
  ['customer-portfolios', 'LOGIN', OPEN],
  ['ticker-mapper', 'LOGIN', OPEN],
  ['template-settings', 'LOGIN', OPEN],
  ['tefas-compare', 'LOGIN', OPEN],
  ['symbol-search', 'LOGIN', OPEN],
  ['fund-creation', 'LOGIN', OPEN],
  ['option-creation', 'LOGIN', OPEN],
  ['future-creation', 'LOGIN', OPEN],
  ['bond-creation', 'LOGIN', OPEN],
  ['criterion-definition', 'LOGIN', OPEN],
  ['reference-benchmark', 'LOGIN', OPEN],
  ['pdf-settings', 'LOGIN', OPEN],
  ['user-settings', 'LOGIN', OPEN],
  ['ftp-settings', 'LOGIN', OPEN],
  ['benchmark-settings', 'LOGIN', OPEN],
  ['ftp-uploader', 'LOGIN', OPEN],
  ['module-settings', 'LOGIN', OPEN],
  // Section 6: all four roles
  ['performance-report', 'ALL', M5],
  ['customer-performance-report', 'ALL', M5],
  ['unified-funds', 'ALL', M1],
  ['rmd-tracking', 'ALL', M1],
  ['internal-audit-result', 'ALL', M3],
  ['internal-audit-tracking', 'ALL', M3],
  ['stress-test-result', 'ALL', M2],
  ['risk-value-result', 'ALL', M2],
  ['liquidity-test', 'ALL', M2],
  ['liquidity-test-result', 'ALL', M2],
  ['fund-statistics', 'ALL', M3],
  ['fund-statistics-result', 'ALL', M3],
  ['my-reports', 'ALL', ANY],
  ['active-share-result', 'ALL', M2],
  ['var-analysis-result', 'ALL', M1],
  ['backtest-result', 'ALL', M1],
  ['leverage-analysis-result', 'ALL', M1],
  ['incremental-var-result', 'ALL', M1],
  ['bond-analysis-result', 'ALL', ANY],
  ['concentration-risk-result', 'ALL', M2],
  // Section 6: Admin, Hesaplayici and Super Admin only
  ['varAnalysis', 'RUN', M1],
  ['varAnalysisSettings', 'RUN', M1],
  ['internalAudit', 'RUN', M3],
  ['stress-test', 'RUN', M2],
  ['risk-value', 'RUN', M2],
  ['risk-graphic', 'RUN', M2],
  ['reporting', 'RUN', M123],
  ['analysis-based-report', 'RUN', M123],
  ['active-share', 'RUN', M2],
  ['backtest', 'RUN', M1],
  ['leverage-analysis', 'RUN', M1],
  ['incremental-var', 'RUN', M1],
  ['bond-analysis', 'RUN', ANY],
  ['concentration-risk', 'RUN', M2],
];

const KEEP_STATE = [
  'backtest',
  'varAnalysis',
  'internalAudit',
  'stress-test',
  'risk-value',
  'liquidity-test',
  'concentration-risk',
  'active-share',
  // Issue 11 task: the risk graphics keep their portfolios, period and charts too.
  'risk-graphic',
];

function expected(kind: Kind, pattern: string, role: string, setIndex: number): AccessDecision {
  if (kind === 'RUN' && role === 'Gozlemleyici') return 'home';
  return pattern[setIndex] === '+' ? 'allow' : 'home';
}

describe('the route table', () => {
  it('contains exactly the routes of product-spec.md sections 2 and 6, spelled exactly', () => {
    const specPaths = SPEC.map(([path]) => path).sort();
    const tablePaths = ROUTES.map((r) => r.path).sort();
    expect(tablePaths).toEqual(specPaths);
    expect(new Set(tablePaths).size, 'no route twice').toBe(ROUTES.length);
    expect(ROUTES.length).toBe(55);
  });

  it('keeps the mixed-case spellings varAnalysis, varAnalysisSettings and internalAudit', () => {
    expect(findRoute('/varAnalysis')?.path).toBe('varAnalysis');
    expect(findRoute('/varAnalysisSettings')?.path).toBe('varAnalysisSettings');
    expect(findRoute('/internalAudit')?.path).toBe('internalAudit');
    expect(findRoute('/varanalysis'), 'paths are case-sensitive').toBeUndefined();
  });

  it('marks exactly the eight keep-state screens of section 2', () => {
    expect(
      ROUTES.filter((r) => r.keepState)
        .map((r) => r.path)
        .sort(),
    ).toEqual([...KEEP_STATE].sort());
  });

  it('keeps login out of the menu and every other route in it', () => {
    expect(ROUTES.filter((r) => r.menuGroup === null).map((r) => r.path)).toEqual(['login']);
  });
});

describe('decideAccess for every route, role and module set', () => {
  for (const [path, kind, pattern] of SPEC) {
    it(`/${path} (${kind})`, () => {
      const route = findRoute(path);
      if (!route) throw new Error(`route ${path} missing from ROUTES`);
      expect(decideAccess(route.access, null), 'signed out').toBe(
        kind === 'PUBLIC' ? 'allow' : 'login',
      );
      for (const role of ROLES) {
        MODULE_SETS.forEach((modules, i) => {
          const subject: AccessSubject = { role, modules };
          expect(
            decideAccess(route.access, subject),
            `${role} with modules [${modules.join(',')}]`,
          ).toBe(expected(kind, pattern, role, i));
        });
      }
    });
  }

  it('sends an unknown role home from every restricted route', () => {
    for (const route of ROUTES.filter((r) => r.access.kind === 'restricted')) {
      expect(decideAccess(route.access, { role: 'Misafir', modules: [1, 2, 3, 4, 5] })).toBe(
        'home',
      );
    }
  });
});
