import type { ComboboxItem, ComboboxParsedItem, OptionsFilter } from '@mantine/core';
import { foldText } from '@fonrisk/contracts';

/**
 * The options of a searchable select that hold the typed text, folded as every search of the app
 * is (contracts `foldText`): Mantine's own filter lower-cases without Turkish rules, so "is"
 * found no "İş Yatırım" and "dib" no "DİBS Fonu". Groups keep their options that match; at most
 * `limit` options, as Mantine's.
 */
export const foldedOptionsFilter: OptionsFilter = ({ options, search, limit }) => {
  const q = foldText(search.trim());
  const out: ComboboxParsedItem[] = [];
  for (const item of options) {
    if (out.length === limit) break;
    if ('group' in item)
      out.push({
        group: item.group,
        items: foldedOptionsFilter({
          options: item.items,
          search,
          limit: limit - out.length,
        }) as ComboboxItem[],
      });
    else if (foldText(item.label).includes(q)) out.push(item);
  }
  return out;
};
