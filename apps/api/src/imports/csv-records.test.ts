import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsedCsvRecords, plainCsvRecords } from './csv-records.ts';

// Pieces of which the generated files are made: cells, separators, comments, blanks, every line
// end csv-parse knows, a byte-order mark, Turkish letters. No quote: a file with one is csv-parse's.
const PIECES = ['a', 'Ç1', '12,5', ' ', ';', ',', '\t', '#', '\n', '\r\n', '\r', '\uFEFF', ''];
const files = fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((p) => p.join(''));

describe('plainCsvRecords', () => {
  it('gives the records and row numbers csv-parse gives, whenever it reads a file', () => {
    let read = 0;
    fc.assert(
      fc.property(
        files,
        fc.constantFrom(';', ',', '\t'),
        fc.integer({ min: 1, max: 6 }),
        (text, delimiter, limit) => {
          const plain = plainCsvRecords(text, delimiter, limit);
          if (plain === null) return;
          read += 1;
          expect(plain).toEqual(parsedCsvRecords(text, delimiter, limit));
        },
      ),
      { numRuns: 5_000, seed: 122 },
    );
    // Most generated files are plain ones: the comparison above is not vacuous.
    expect(read).toBeGreaterThan(2_500);
  });

  it('reads the files users upload: comments, blank lines, CRLF, a final line break', () => {
    const text =
      '\uFEFF#örnek\r\nSembol;Tarih;Kapanış\r\n\r\nAKBNK;02.01.2025;45,5\r\n#\r\n; ;\r\n';
    expect(plainCsvRecords(text, ';', 100)).toEqual([
      { rowNumber: 2, record: ['Sembol', 'Tarih', 'Kapanış'] },
      { rowNumber: 3, record: [''] },
      { rowNumber: 4, record: ['AKBNK', '02.01.2025', '45,5'] },
      { rowNumber: 6, record: ['', ' ', ''] },
    ]);
  });

  it('leaves to csv-parse what splitting cannot read the same way', () => {
    // Quotes (a separator or line break inside a cell), '\r' records, a bare '\n' in a CRLF file.
    for (const text of ['a;b\n"1;2";3', 'a;b\r1;2\r', 'a;b\r\n1;2\n3;4\r\n']) {
      expect(plainCsvRecords(text, ';', 100)).toBeNull();
    }
    expect(parsedCsvRecords('a;b\n"1;2";"x\ny"\n4;5', ';', 100)).toEqual([
      { rowNumber: 1, record: ['a', 'b'] },
      { rowNumber: 2, record: ['1;2', 'x\ny'] },
      // A cell with a line break is one row in Excel: the next record is on row 3.
      { rowNumber: 3, record: ['4', '5'] },
    ]);
  });

  it('stops at the limit', () => {
    expect(plainCsvRecords('h\n1\n2\n3\n4', ';', 3)?.map((r) => r.record[0])).toEqual([
      'h',
      '1',
      '2',
    ]);
  });
});
