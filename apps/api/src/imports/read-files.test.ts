import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { invisibleCharacter } from './cells.ts';
import { parseImportFile, type ImportResult } from './parse-import.ts';
import { decodeCsv, utf8Check } from './read-csv.ts';
import { xlsxOf } from './test-support.ts';
import { crc32, zipProblem } from './zip-check.ts';

/** Issue 22, the file-reading items: nothing in a file is dropped, re-decoded or misread. */

const utf8 = (...lines: string[]) => new TextEncoder().encode(lines.join('\r\n'));
function messagesOf(result: ImportResult<unknown>): string[] {
  if (result.ok) throw new Error('expected errors, got rows');
  return result.errors.map((e) => e.message);
}

describe('cells beyond the header', () => {
  it('refuses the comma-separated row whose decimal comma split a number, naming the cause', async () => {
    const file = utf8(
      'portfolioCode,flowDate,kind,amountTry',
      'FZBVM2,21.05.2012,Ücret / Komisyon,1905331,25',
    );
    expect(messagesOf(await parseImportFile('cashFlows', file))).toEqual([
      "Satır 2: başlıkta 4 sütun var, bu satırda 5 hücre var; virgülle ayrılmış dosyada ondalık virgül (1905331,25 gibi) sayıyı iki hücreye böler: sayıyı tırnak içine alın ya da sütunları ';' ile ayırın.",
    ]);
  });

  it('refuses a ";" row with an extra cell, naming the row', async () => {
    const file = utf8('Sembol;Tarih;Kapanış', 'THYAO;02.01.2025;285,75', 'GARAN;02.01.2025;61;7');
    expect(messagesOf(await parseImportFile('prices', file))).toEqual([
      'Satır 3: başlıkta 3 sütun var, bu satırda 4 hücre var.',
    ]);
  });

  it('accepts empty cells after the last column (trailing separators)', async () => {
    const file = utf8('Sembol;Tarih;Kapanış', 'THYAO;02.01.2025;285,75;;');
    expect((await parseImportFile('prices', file)).ok).toBe(true);
  });

  it('refuses an Excel cell right of the header, naming it', async () => {
    const data = await xlsxOf([
      ['Sembol', 'Tarih', 'Kapanış'],
      ['THYAO', '02.01.2025', 285.75, 12],
    ]);
    expect(messagesOf(await parseImportFile('prices', data))).toEqual([
      'Satır 2: D2 hücresi başlığı olan 3 sütunun dışında; başlık ekleyin ya da değeri silin.',
    ]);
  });
});

describe('text encoding', () => {
  it('refuses a UTF-8 file with one bad byte, naming its row, instead of re-reading it all', async () => {
    const good = utf8(
      'Sembol;Tarih;Kapanış;Seri Adı',
      'KNTHV;02.01.2025;1;Kanat Havacılık A.Ş.',
      '',
    );
    const bad = new Uint8Array([
      ...good,
      ...utf8('KNTHV;03.01.2025;2;Kanat Havac'),
      0xfd,
      ...utf8('lık'),
    ]);
    expect(messagesOf(await parseImportFile('prices', bad))).toEqual([
      'Satır 3: dosya UTF-8 olarak yazılmış ama bu satırda geçersiz bir bayt (0xFD) var; dosyayı UTF-8 olarak yeniden kaydedin.',
    ]);
    const result = await parseImportFile('prices', good);
    expect(result.ok && result.rows[0]?.seriesName).toBe('Kanat Havacılık A.Ş.');
  });

  it('reads Windows-1254 only on evidence: Turkish letters and no UTF-8 at all', () => {
    // "Havacılık A.Ş." in code page 1254: ı = 0xFD, Ş = 0xDE.
    const bytes = Uint8Array.from([
      ...utf8('Havac'),
      0xfd,
      ...utf8('l'),
      0xfd,
      ...utf8('k A.'),
      0xde,
      0x2e,
    ]);
    expect(decodeCsv(bytes)).toBe('Havacılık A.Ş.');
    // 0x80 is '€' in 1254, but nothing Turkish: no evidence for the code page.
    expect(() => decodeCsv(Uint8Array.from([0x41, 0x0a, 0x80]))).toThrow(
      'dosyanın karakter kodlaması anlaşılamadı (0x80 baytı ne UTF-8 ne Türkçe Windows-1254)',
    );
  });

  it.each([
    [[0x41, 0xc3, 0xa7], null, true],
    [[0x41, 0x42], null, false],
    [[0xc3], 0, false],
    [[0xe2, 0x82, 0xac, 0xff], 3, true],
    [[0xed, 0xa0, 0x80], 0, false], // a UTF-16 surrogate
    [[0xf4, 0x90, 0x80, 0x80], 0, false], // beyond U+10FFFF
    [[0xf0, 0x9f, 0x98, 0x80], null, true],
    [[0xc0, 0x80], 0, false], // overlong
  ])('utf8Check(%j) → invalid at %j, multi-byte seen %j', (bytes, invalidAt, multibyte) => {
    expect(utf8Check(Uint8Array.from(bytes))).toEqual({ invalidAt, multibyte });
  });
});

describe('a corrupt .xlsx', () => {
  async function storedWorkbook(close: number): Promise<Buffer> {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Veri');
    ws.addRow(['Sembol', 'Tarih', 'Kapanış']);
    ws.addRow(['THYAO', '02.01.2025', close]);
    return Buffer.from(await wb.xlsx.writeBuffer({ zip: { compression: 'STORE' } }));
  }

  it('is refused when an entry does not match its checksum (1234.1303 read as 9234.1303)', async () => {
    const data = await storedWorkbook(1234.1303);
    expect(await parseImportFile('prices', new Uint8Array(data))).toMatchObject({
      ok: true,
      rows: [{ close: 1234.1303 }],
    });
    const at = data.indexOf('1234.1303');
    expect(at).toBeGreaterThan(0);
    data[at] = '9'.charCodeAt(0);
    expect(messagesOf(await parseImportFile('prices', new Uint8Array(data)))).toEqual([
      "Dosya: Excel dosyası bozuk: zip arşivindeki 'xl/worksheets/sheet1.xml' bölümünün sağlama toplamı tutmuyor.",
    ]);
  });

  it('is refused when a compressed entry is damaged', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Veri').addRow(['Sembol', 'Tarih', 'Kapanış']);
    const data = Buffer.from(await wb.xlsx.writeBuffer());
    const good = zipProblem(data);
    expect(good).toBeNull();
    // Flip a byte in the middle of the first entry's compressed data.
    const start = 30 + data.readUInt16LE(26) + data.readUInt16LE(28);
    data[start + 5] = (data[start + 5] ?? 0) ^ 0xff;
    expect(zipProblem(data)).toMatch(
      /^zip arşivindeki '.+' bölümü(nün sağlama toplamı tutmuyor| açılamadı)$/,
    );
  });

  it('is refused when truncated or not a zip at all', () => {
    expect(zipProblem(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toBe(
      'zip arşivinin sonu bulunamadı (dosya eksik ya da bozuk)',
    );
  });

  it('computes the standard CRC-32', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });
});

describe('invisible characters', () => {
  it.each([
    ['THY\u200bAO', 'sıfır genişlikli boşluk (U+200B), 4. karakter'],
    ['\u200fGARAN', 'sağdan sola işareti (U+200F), 1. karakter'],
    ['AK\u202eBNK', 'sağdan sola zorlama (U+202E), 3. karakter'],
    ['X\u0007', 'denetim ya da biçim karakteri (U+0007), 2. karakter'],
  ])('refuses a code holding one, naming the row and the character (%j)', async (code, named) => {
    const file = utf8('Sembol;Tarih;Kapanış', 'THYAO;02.01.2025;1', `${code};02.01.2025;2`);
    expect(messagesOf(await parseImportFile('prices', file))).toEqual([
      `Satır 3, 'Sembol' sütunu: '${code}' görünmeyen bir karakter içeriyor: ${named}; silip yeniden yazın.`,
    ]);
  });

  it('leaves tabs and line breaks of a note alone', () => {
    expect(invisibleCharacter('bir\tiki\r\nüç')).toBeNull();
  });
});

describe('formula and error cells', () => {
  it('refuses a formula with no saved result in an optional column, naming the cell', async () => {
    const data = await xlsxOf([
      ['Sembol', 'Tarih', 'Kapanış', 'Seri Adı'],
      ['THYAO', '02.01.2025', 285.75, { formula: 'A2&"x"' }],
    ]);
    expect(messagesOf(await parseImportFile('prices', data))).toEqual([
      "Satır 2, 'Seri Adı' sütunu: D2 hücresinde formülün kayıtlı bir sonucu yok; dosyayı Excel’de açıp yeniden kaydedin ya da değeri yazın.",
    ]);
  });

  it('refuses an #N/A typed or computed', async () => {
    const typed = await xlsxOf([
      ['Sembol', 'Tarih', 'Kapanış', 'Seri Adı'],
      ['THYAO', '02.01.2025', 285.75, { error: '#N/A' }],
    ]);
    expect(messagesOf(await parseImportFile('prices', typed))).toEqual([
      "Satır 2, 'Seri Adı' sütunu: D2 hücresinde '#N/A' hata değeri var; bir değer yazın ya da hücreyi boşaltın.",
    ]);
    const computed = await xlsxOf([
      ['Sembol', 'Tarih', 'Kapanış'],
      ['THYAO', '02.01.2025', { formula: '1/0', result: { error: '#DIV/0!' } }],
    ]);
    expect(messagesOf(await parseImportFile('prices', computed))).toEqual([
      "Satır 2, 'Kapanış' sütunu: C2 hücresinde formülün sonucu '#DIV/0!' hata değeri; bir değer yazın ya da formülü düzeltin.",
    ]);
  });

  it('reads a formula by its saved result', async () => {
    const data = await xlsxOf([
      ['Sembol', 'Tarih', 'Kapanış'],
      ['THYAO', '02.01.2025', { formula: '100+185.75', result: 285.75 }],
    ]);
    expect(await parseImportFile('prices', data)).toMatchObject({
      ok: true,
      rows: [{ close: 285.75 }],
    });
  });
});
