import { IMPORT_COLUMNS, IMPORT_KINDS } from '@fonrisk/contracts';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { normalizeName } from './cells.ts';
import { parseImportFile } from './parse-import.ts';
import { buildTemplateCsv, buildTemplateXlsx } from './templates.ts';

async function loadWorkbook(data: Uint8Array): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(data) as unknown as ArrayBuffer);
  return wb;
}

describe.each(IMPORT_KINDS)('%s template', (kind) => {
  const columns = IMPORT_COLUMNS[kind];
  // A changed first cell makes the example an ordinary row; a currency code must stay three letters.
  const edit = (first: string) => (kind === 'fxRates' ? 'EUR' : `${first}2`);

  it('has header names that cannot be mistaken for another column', () => {
    const owner = new Map<string, string>();
    for (const c of columns) {
      for (const name of new Set([c.key, c.label, ...(c.aliases ?? [])].map(normalizeName))) {
        expect(
          owner.get(name),
          `'${name}' is claimed by ${owner.get(name)} and ${c.key}`,
        ).toBeUndefined();
        owner.set(name, c.key);
      }
    }
  });

  it('.xlsx: Turkish headers, a marked example row and an Açıklama sheet describing each column', async () => {
    const wb = await loadWorkbook(await buildTemplateXlsx(kind));
    const [data, help] = wb.worksheets;
    expect(help?.name).toBe('Açıklama');
    expect(data?.getRow(1).values).toEqual([undefined, ...columns.map((c) => c.label)]);
    expect(JSON.stringify(data?.getRow(2).getCell(1).note)).toContain('ÖRNEK SATIR');
    const described = new Set<string>();
    help?.eachRow((row) => described.add(row.getCell(2).text));
    for (const c of columns) expect(described.has(c.key), `${c.key} is described`).toBe(true);
  });

  it('.xlsx: the untouched example row is skipped, so the bare template loads nothing', async () => {
    const result = await parseImportFile(kind, await buildTemplateXlsx(kind));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[0]?.message).toContain('yüklenecek satır yok');
  });

  it('.xlsx: the example values are valid once the row is edited', async () => {
    const wb = await loadWorkbook(await buildTemplateXlsx(kind));
    const sheet = wb.worksheets[0];
    const first = sheet?.getRow(2).getCell(1);
    if (!first) throw new Error('template has no example row');
    first.value = edit(first.text);
    const result = await parseImportFile(kind, new Uint8Array(await wb.xlsx.writeBuffer()));
    expect(result.ok ? result.rows.length : result.errors.map((e) => e.message)).toBe(1);
  });

  it('CSV: a row added under the commented example loads and the example is reported as skipped', async () => {
    const template = buildTemplateCsv(kind);
    expect(template.startsWith('\uFEFF'), 'BOM so that Excel shows Turkish letters').toBe(true);
    const [, , example] = template.replace(/^\uFEFF/, '').split('\r\n');
    const [firstCell, ...rest] = (example ?? '').split(';');
    const edited = `${template}${[edit(firstCell ?? ''), ...rest].join(';')}\r\n`;
    const result = await parseImportFile(kind, new TextEncoder().encode(edited));
    expect(result.ok ? result.skippedExampleRows : result.errors.map((e) => e.message)).toEqual([
      3,
    ]);
    expect(result.ok && result.rows.length).toBe(1);
  });
});
