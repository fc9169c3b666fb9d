import { ALL_ROLES, RUN_ROLES, type Role } from './roles.ts';
import { MODULES, type ModuleNumber } from './modules.ts';

/**
 * Who may open a route (product-spec.md sections 2, 5 and 6):
 * - `public`: anyone;
 * - `login`: any signed-in user, no role or module check;
 * - `restricted`: a signed-in user whose role is listed and who has at least one listed module.
 */
export type RouteAccess =
  | { readonly kind: 'public' }
  | { readonly kind: 'login' }
  | {
      readonly kind: 'restricted';
      readonly roles: readonly Role[];
      readonly modules: readonly ModuleNumber[];
    };

/** Side-menu sections. */
export const MenuGroup = {
  Home: 'home',
  Module1: 'module1',
  Module2: 'module2',
  Module3: 'module3',
  Module5: 'module5',
  Reports: 'reports',
  Data: 'data',
  Settings: 'settings',
} as const;
export type MenuGroup = (typeof MenuGroup)[keyof typeof MenuGroup];

export const MENU_GROUP_TITLES: Readonly<Record<MenuGroup, string>> = {
  home: 'Genel',
  module1: 'RMD ve Kaldıraç',
  module2: 'Stres, Likidite ve Yoğunlaşma',
  module3: 'İç Denetim ve İstatistik',
  module5: 'Performans',
  reports: 'Raporlar',
  data: 'Veri Yönetimi',
  settings: 'Ayarlar',
};

export interface RouteDefinition {
  /** Path without a leading slash, spelled exactly as product-spec.md gives it ('' is home). */
  readonly path: string;
  /** Turkish title for the menu and the page heading. */
  readonly title: string;
  readonly access: RouteAccess;
  /** Screens whose inputs, tab and last result survive leaving and returning (section 2). */
  readonly keepState: boolean;
  /** Menu section; `null` keeps the route out of the side menu (login). */
  readonly menuGroup: MenuGroup | null;
}

const PUBLIC: RouteAccess = { kind: 'public' };
const LOGIN: RouteAccess = { kind: 'login' };
const ANY_MODULE: readonly ModuleNumber[] = MODULES;

/** Results screens: all four roles (section 6, first list). */
function allRoles(...modules: ModuleNumber[]): RouteAccess {
  return { kind: 'restricted', roles: ALL_ROLES, modules };
}
/** Creation and run screens: Admin, Hesaplayici and Super Admin only (section 6, second list). */
function runRoles(...modules: ModuleNumber[]): RouteAccess {
  return { kind: 'restricted', roles: RUN_ROLES, modules };
}

const KEEP_STATE = new Set([
  'backtest',
  'varAnalysis',
  'internalAudit',
  'stress-test',
  'risk-value',
  'liquidity-test',
  'concentration-risk',
  'active-share',
  'risk-graphic',
]);

type Row = readonly [path: string, title: string, access: RouteAccess, menuGroup: MenuGroup | null];

const ROWS: readonly Row[] = [
  // Public
  ['', 'Ana Sayfa', PUBLIC, 'home'],
  ['login', 'Giriş', PUBLIC, null],
  ['blog', 'Blog', PUBLIC, 'home'],

  // Module 1
  ['varAnalysis', 'RMD Analizi', runRoles(1), 'module1'],
  ['var-analysis-result', 'RMD Analizi Sonuçları', allRoles(1), 'module1'],
  ['varAnalysisSettings', 'RMD Analizi Ayarları', runRoles(1), 'module1'],
  ['backtest', 'Geriye Dönük Test', runRoles(1), 'module1'],
  ['backtest-result', 'Geriye Dönük Test Sonuçları', allRoles(1), 'module1'],
  ['leverage-analysis', 'Kaldıraç Analizi', runRoles(1), 'module1'],
  ['leverage-analysis-result', 'Kaldıraç Analizi Sonuçları', allRoles(1), 'module1'],
  ['incremental-var', 'Artımsal RMD', runRoles(1), 'module1'],
  ['incremental-var-result', 'Artımsal RMD Sonuçları', allRoles(1), 'module1'],
  ['rmd-tracking', 'RMD Limit Takibi', allRoles(1), 'module1'],
  ['unified-funds', 'Birleştirilmiş Fonlar', allRoles(1), 'module1'],

  // Module 2
  ['stress-test', 'Stres Testi', runRoles(2), 'module2'],
  ['stress-test-result', 'Stres Testi Sonuçları', allRoles(2), 'module2'],
  ['risk-value', 'Risk Değeri', runRoles(2), 'module2'],
  ['risk-value-result', 'Risk Değeri Sonuçları', allRoles(2), 'module2'],
  ['risk-graphic', 'Risk Grafikleri', runRoles(2), 'module2'],
  ['liquidity-test', 'Likidite Testi', allRoles(2), 'module2'],
  ['liquidity-test-result', 'Likidite Testi Sonuçları', allRoles(2), 'module2'],
  ['concentration-risk', 'Yoğunlaşma Riski', runRoles(2), 'module2'],
  ['concentration-risk-result', 'Yoğunlaşma Riski Sonuçları', allRoles(2), 'module2'],
  ['active-share', 'Aktif Pay', runRoles(2), 'module2'],
  ['active-share-result', 'Aktif Pay Sonuçları', allRoles(2), 'module2'],

  // Module 3
  ['internalAudit', 'İç Denetim', runRoles(3), 'module3'],
  ['internal-audit-result', 'İç Denetim Sonuçları', allRoles(3), 'module3'],
  ['internal-audit-tracking', 'İç Denetim Takibi', allRoles(3), 'module3'],
  ['fund-statistics', 'Fon İstatistikleri', allRoles(3), 'module3'],
  ['fund-statistics-result', 'Fon İstatistikleri Sonuçları', allRoles(3), 'module3'],
  ['criterion-definition', 'Kriter Tanımlama', LOGIN, 'module3'],
  ['tefas-compare', 'TEFAS Karşılaştırma', LOGIN, 'module3'],

  // Module 5
  ['performance-report', 'Performans Raporu', allRoles(5), 'module5'],
  ['customer-performance-report', 'Müşteri Performans Raporu', allRoles(5), 'module5'],

  // Reports
  ['reporting', 'Raporlama', runRoles(1, 2, 3), 'reports'],
  ['analysis-based-report', 'Analiz Bazlı Rapor', runRoles(1, 2, 3), 'reports'],
  ['my-reports', 'Raporlarım', allRoles(1, 2, 3, 4, 5), 'reports'],
  ['bond-analysis', 'Tahvil Analizi', runRoles(...ANY_MODULE), 'reports'],
  ['bond-analysis-result', 'Tahvil Analizi Sonuçları', allRoles(...ANY_MODULE), 'reports'],
  ['template-settings', 'Şablon Ayarları', LOGIN, 'reports'],
  ['pdf-settings', 'PDF Ayarları', LOGIN, 'reports'],

  // Data
  ['portfolios', 'Portföyler', LOGIN, 'data'],
  ['customer-portfolios', 'Müşteri Portföyleri', LOGIN, 'data'],
  ['symbol-search', 'Sembol Arama', LOGIN, 'data'],
  ['ticker-mapper', 'Sembol Eşleştirme', LOGIN, 'data'],
  ['fund-creation', 'Fon Tanımlama', LOGIN, 'data'],
  ['bond-creation', 'Tahvil Tanımlama', LOGIN, 'data'],
  ['option-creation', 'Opsiyon Tanımlama', LOGIN, 'data'],
  ['future-creation', 'Vadeli İşlem Tanımlama', LOGIN, 'data'],
  ['benchmark-settings', 'Karşılaştırma Ölçütü Ayarları', LOGIN, 'data'],
  ['reference-benchmark', 'Referans Karşılaştırma Ölçütü', LOGIN, 'data'],
  ['ftp-settings', 'FTP Ayarları', LOGIN, 'data'],
  ['ftp-uploader', 'FTP Yükleme', LOGIN, 'data'],

  // Settings
  ['user-settings', 'Kullanıcı Ayarları', LOGIN, 'settings'],
  ['module-settings', 'Modül Ayarları', LOGIN, 'settings'],
];

/** The one route table: it drives the SPA router, its guard and its menu, and the API's checks. */
export const ROUTES: readonly RouteDefinition[] = ROWS.map(([path, title, access, menuGroup]) => ({
  path,
  title,
  access,
  keepState: KEEP_STATE.has(path),
  menuGroup,
}));

export function findRoute(path: string): RouteDefinition | undefined {
  const clean = path.replace(/^\/+/, '').split(/[?#]/)[0] ?? '';
  return ROUTES.find((r) => r.path === clean);
}
