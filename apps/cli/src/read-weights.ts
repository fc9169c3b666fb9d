// Reads a weights file: columns `name` and `weight` (CSV or .xlsx).
import { cellError } from './errors.ts';
import { cellText, readRawTable } from './raw-table.ts';
import { parseNumber } from './read-table.ts';

export interface Weight {
  readonly name: string;
  readonly weight: number;
  /** 1-based row in the weights file, for messages. */
  readonly row: number;
}

/**
 * Reads position weights (fractions, or any consistent unit).
 * @throws CliError naming file, row and column for a missing column, empty name, duplicate name or
 *   non-number weight.
 */
export async function readWeights(file: string): Promise<Weight[]> {
  const table = await readRawTable(file);
  const nameAt = table.header.indexOf('name');
  const weightAt = table.header.indexOf('weight');
  if (nameAt < 0) throw cellError({ file, row: 1, column: 'name' }, '"name" sütunu yok');
  if (weightAt < 0) throw cellError({ file, row: 1, column: 'weight' }, '"weight" sütunu yok');
  const seen = new Set<string>();
  const weights = table.rows.map(({ row, cells }) => {
    const nameCell = cells[nameAt];
    if (nameCell === null || nameCell === undefined)
      throw cellError({ file, row, column: 'name' }, 'isim boş');
    const name = cellText(nameCell).trim();
    if (seen.has(name))
      throw cellError({ file, row, column: 'name' }, `isim tekrarlanıyor: "${name}"`);
    seen.add(name);
    const weightCell = cells[weightAt];
    const weight = weightCell === null || weightCell === undefined ? null : parseNumber(weightCell);
    if (weight === null) {
      throw cellError(
        { file, row, column: 'weight' },
        `sayı değil: "${weightCell === null || weightCell === undefined ? '' : cellText(weightCell)}"`,
      );
    }
    return { name, weight, row };
  });
  if (weights.length === 0) throw cellError({ file }, 'ağırlık satırı yok');
  return weights;
}
