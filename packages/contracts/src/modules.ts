/** Functional modules of product-spec.md section 1. Module 4 exists only in the my-reports module list. */
export const MODULES = [1, 2, 3, 4, 5] as const;
export type ModuleNumber = (typeof MODULES)[number];

export const MODULE_LABELS: Readonly<Record<ModuleNumber, string>> = {
  1: 'Modül 1: RMD, geriye dönük test, kaldıraç',
  2: 'Modül 2: Stres testi, risk değeri, likidite, yoğunlaşma, aktif pay',
  3: 'Modül 3: İç denetim, fon istatistikleri',
  4: 'Modül 4',
  5: 'Modül 5: Performans raporları',
};

export function isModuleNumber(value: unknown): value is ModuleNumber {
  return typeof value === 'number' && (MODULES as readonly number[]).includes(value);
}

/**
 * Parses the stored comma-separated module list ("1,3,5") into module numbers. Blanks and values
 * that are not modules are ignored, duplicates removed, order ascending.
 */
export function parseModuleList(list: string | null | undefined): ModuleNumber[] {
  if (!list) return [];
  const found = new Set<ModuleNumber>();
  for (const part of list.split(',')) {
    const n = Number(part.trim());
    if (part.trim() !== '' && isModuleNumber(n)) found.add(n);
  }
  return [...found].sort((a, b) => a - b);
}

export function formatModuleList(modules: readonly number[]): string {
  return [...new Set(modules)]
    .filter(isModuleNumber)
    .sort((a, b) => a - b)
    .join(',');
}
