import { MODULE_LABELS, type ModuleNumber } from '@fonrisk/contracts';

/** What a module covers, from its label ("Modül 2: Stres testi, ..." -> "Stres testi, ..."). */
export function moduleDescription(m: ModuleNumber): string {
  const label = MODULE_LABELS[m];
  const colon = label.indexOf(': ');
  return colon < 0 ? '' : label.slice(colon + 2);
}
