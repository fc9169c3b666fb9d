import { describe, expect, it } from 'vitest';
import type { ColDef } from 'ag-grid-community';
import { formatNumber } from '../../lib/format.ts';
import {
  CELL_CHROME_PX,
  HEADER_CHROME_PX,
  WRAP_MIN_PX,
  fitColumns,
  gridTextMeasure,
} from './fit-columns.ts';

/** 7 px a character: widths below are hand-computed from the formatted text's length. */
const measure = (text: string): number => text.length * 7;

const money: ColDef = {
  field: 'loss',
  filter: 'agNumberColumnFilter',
  minWidth: 110,
  flex: 1,
  valueFormatter: (p: { value: unknown }) => formatNumber(p.value as number),
};
const name: ColDef = { field: 'name', filter: 'agTextColumnFilter', minWidth: 130, flex: 1.4 };

describe('fitColumns: numeric columns', () => {
  it('widens a numeric column to its widest formatted value, padding included', () => {
    // "-1.422.152.166,25" is 17 characters: 119 px + the cell's padding.
    const [fitted] = fitColumns([money], [{ loss: 12.5 }, { loss: -1_422_152_166.25 }], measure);
    expect(fitted?.minWidth).toBe(17 * 7 + CELL_CHROME_PX);
    expect(fitted?.flex).toBe(1);
  });

  it('keeps a larger minimum, and leaves text columns alone', () => {
    const [fitted, text] = fitColumns([money, name], [{ loss: 1, name: 'x'.repeat(80) }], measure);
    // "1,00" is 4 characters: 28 + 36 = 64 px < 110.
    expect(fitted?.minWidth).toBe(110);
    expect(text).toBe(name);
  });

  it('raises a fixed width that is too narrow and counts the totals rows', () => {
    const fixed: ColDef = { ...money, width: 100, minWidth: undefined, flex: undefined };
    const [fitted] = fitColumns([fixed], [{ loss: 1 }, { loss: 123_456_789 }], measure);
    // "123.456.789,00" is 14 characters: 98 + 36 = 134 px.
    expect(fitted?.width).toBe(134);
    expect(fitted?.minWidth).toBe(134);
  });

  it('uses the raw value when a column has no formatter', () => {
    const plain: ColDef = { field: 'n', filter: 'agNumberColumnFilter' };
    const [fitted] = fitColumns([plain], [{ n: 1234567 }, { n: null }], measure);
    expect(fitted?.minWidth).toBe(7 * 7 + CELL_CHROME_PX);
  });
});

// Decision 0088: a text column wraps (and AG Grid measures each cell's height) only when one of
// its values is wider than the column can ever be narrow.
describe('fitColumns: wrapping text columns', () => {
  const verdict: ColDef = { ...name, field: 'verdict', wrapText: true, autoHeight: true };

  it('keeps a column on one line when every value fits its minimum width, padding included', () => {
    // 130 - 36 = 94 px of room: 13 characters (91 px) fit.
    const [oneLine] = fitColumns([verdict], [{ verdict: 'x'.repeat(13) }], measure);
    expect(oneLine).toMatchObject({ wrapText: false, autoHeight: false, minWidth: 130 });
  });

  it('keeps the wrapping when one value is wider than that room', () => {
    // 14 characters (98 px) do not fit in 94 px: that row must be able to grow.
    const rows = [{ verdict: 'kısa' }, { verdict: 'x'.repeat(14) }];
    const [wrapping] = fitColumns([verdict], rows, measure);
    // Kept wrapping, and as wide as that value (98 + 36 = 134 px, under WRAP_MIN_PX).
    expect(wrapping).toEqual({ ...verdict, minWidth: 134 });
  });

  it('gives a wrapping sentence WRAP_MIN_PX, and a longer word all of its width', () => {
    const sentence = 'Eksik haftalar karşılaştırma ölçütünün getirileriyle dolduruldu';
    const [wide] = fitColumns([verdict], [{ verdict: sentence }], measure);
    expect(wide).toMatchObject({ wrapText: true, autoHeight: true, minWidth: WRAP_MIN_PX });
    // A 30-character word cannot break: 210 + 36 = 246 px, above WRAP_MIN_PX.
    const [word] = fitColumns([verdict], [{ verdict: `kısa ${'x'.repeat(30)} kısa` }], measure);
    expect(word?.minWidth).toBe(30 * 7 + CELL_CHROME_PX);
  });

  it('measures the formatted text and leaves columns without wrapping or minimum alone', () => {
    const coded: ColDef = {
      ...verdict,
      valueFormatter: (p: { value: unknown }) => `Sonuç: ${String(p.value)}`,
    };
    // "Sonuç: " adds 7 characters: 7 + 7 = 14, too wide (98 + 36 = 134 px).
    expect(fitColumns([coded], [{ verdict: 'x'.repeat(7) }], measure)[0]).toEqual({
      ...coded,
      minWidth: 134,
    });
    const free: ColDef = { ...verdict, minWidth: undefined };
    expect(fitColumns([free, money, name], [{ verdict: 'a' }], measure)).toEqual([
      free,
      money,
      name,
    ]);
  });
});

// Decision 0089: no header word is broken ("Christoffers / en").
describe('fitColumns: header words', () => {
  /** Bold headers, 8 px a character. */
  const header = (text: string): number => text.length * 8;
  const lr: ColDef = { ...money, field: 'lr', headerName: 'Christoffersen LR (koşullu)' };

  it("widens a column to its header's widest word, the header's chrome included", () => {
    // "Christoffersen" is 14 characters: 112 + 60 = 172 px, wider than any value.
    const [fitted] = fitColumns([lr], [{ lr: 5.0252 }], measure, header);
    expect(fitted?.minWidth).toBe(14 * 8 + HEADER_CHROME_PX);
    // Without a header measure, the cells' one is used (98 + 60).
    expect(fitColumns([lr], [{ lr: 1 }], measure)[0]?.minWidth).toBe(14 * 7 + HEADER_CHROME_PX);
  });

  it('measures words, not the whole header, and raises a fixed width below it', () => {
    const short: ColDef = { field: 'n', headerName: 'Kupiec p', width: 80 };
    const [fitted] = fitColumns([short], [], measure, header);
    // "Kupiec" is 6 characters: 48 + 60 = 108 px.
    expect(fitted).toMatchObject({ width: 108, minWidth: 108 });
    const roomy: ColDef = { ...short, width: 200, minWidth: 150 };
    expect(fitColumns([roomy], [], measure, header)[0]).toBe(roomy);
  });

  it('keeps a text column on one line when its values fit the widened column', () => {
    const named: ColDef = {
      ...name,
      headerName: 'Değerlendirmeler',
      wrapText: true,
      autoHeight: true,
    };
    // 16 * 8 + 60 = 188 px: room for 152 px, 21 characters of 7 px.
    const [fitted] = fitColumns([named], [{ name: 'x'.repeat(21) }], measure, header);
    expect(fitted).toMatchObject({ minWidth: 188, wrapText: false, autoHeight: false });
  });
});

describe('gridTextMeasure', () => {
  it('measures longer text as wider (canvas or per-character estimate)', () => {
    const m = gridTextMeasure('sans-serif');
    expect(m('1.422.152.166,00')).toBeGreaterThan(m('1,00'));
  });
});
