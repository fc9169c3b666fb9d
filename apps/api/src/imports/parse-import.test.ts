import { describe, expect, it } from 'vitest';
import { parseImportFile, type ImportResult } from './parse-import.ts';
import { xlsxOf } from './test-support.ts';

/** Price rows carry the optional new-series columns (issue 10); null when the file has none. */
const NO_SERIES_COLUMNS = { currency: null, seriesKind: null, seriesName: null };

const csv = (...lines: string[]) => new TextEncoder().encode(lines.join('\n'));

function rowsOf<T>(result: ImportResult<T>): T[] {
  if (!result.ok)
    throw new Error(
      `expected rows, got errors:\n${result.errors.map((e) => e.message).join('\n')}`,
    );
  return result.rows;
}
function messagesOf(result: ImportResult<unknown>): string[] {
  if (result.ok) throw new Error('expected errors, got rows');
  return result.errors.map((e) => e.message);
}

describe('CSV prices', () => {
  it('reads Turkish labels, ";" separators, Turkish decimals and both date styles', async () => {
    const result = await parseImportFile(
      'prices',
      csv(
        'Sembol;Tarih;Kapanış',
        'THYAO;02.01.2025;285,75',
        'THYAO;2025-01-03;1.285,5',
        'XU100;03.01.2025;10.250,25',
      ),
    );
    expect(rowsOf(result)).toEqual([
      { ticker: 'THYAO', date: '2025-01-02', close: 285.75, ...NO_SERIES_COLUMNS },
      { ticker: 'THYAO', date: '2025-01-03', close: 1285.5, ...NO_SERIES_COLUMNS },
      { ticker: 'XU100', date: '2025-01-03', close: 10250.25, ...NO_SERIES_COLUMNS },
    ]);
  });

  it('accepts the column keys as headers with "," separators and quoted fields', async () => {
    const result = await parseImportFile(
      'prices',
      csv('ticker,date,close', '"AKBNK",2025-01-02,"61,5"'),
    );
    expect(rowsOf(result)).toEqual([
      { ticker: 'AKBNK', date: '2025-01-02', close: 61.5, ...NO_SERIES_COLUMNS },
    ]);
  });

  it('lists every bad row with row, column, value and a Turkish reason, and returns no rows', async () => {
    const result = await parseImportFile(
      'prices',
      csv(
        'Sembol;Tarih;Kapanış',
        'THYAO;02.01.2025;285,75',
        'THYAO;31.02.2025;abc',
        ';03.01.2025;1',
        'GARAN;04.01.2025;12',
      ),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual([
      {
        row: 3,
        column: 'Tarih',
        value: '31.02.2025',
        message:
          "Satır 3, 'Tarih' sütunu: '31.02.2025' geçerli bir tarih değil (GG.AA.YYYY veya YYYY-AA-GG bekleniyor).",
      },
      {
        row: 3,
        column: 'Kapanış',
        value: 'abc',
        message: "Satır 3, 'Kapanış' sütunu: 'abc' sayı değil.",
      },
      {
        row: 4,
        column: 'Sembol',
        value: '',
        message: "Satır 4, 'Sembol' sütunu: boş bırakılamaz.",
      },
    ]);
  });

  it('rejects the same ticker and date twice, naming the first row', async () => {
    const messages = messagesOf(
      await parseImportFile(
        'prices',
        csv('Sembol;Tarih;Kapanış', 'THYAO;02.01.2025;1', 'THYAO;2025-01-02;2'),
      ),
    );
    expect(messages).toEqual([
      "Satır 3, 'Tarih' sütunu: '2025-01-02' aynı sembol ve tarih dosyada daha önce var (satır 2).",
    ]);
  });

  it('reports unknown tickers only when the caller gives the known set', async () => {
    const file = csv('Sembol;Tarih;Kapanış', 'THYAO;02.01.2025;1', 'YOKBOYLE;02.01.2025;2');
    expect((await parseImportFile('prices', file)).ok).toBe(true);
    const messages = messagesOf(
      await parseImportFile('prices', file, { lookups: { tickers: new Set(['THYAO']) } }),
    );
    expect(messages).toEqual(["Satır 3, 'Sembol' sütunu: 'YOKBOYLE' bilinmeyen seri kodu."]);
  });

  it('keeps spreadsheet row numbers across blank lines and comment lines', async () => {
    const messages = messagesOf(
      await parseImportFile(
        'prices',
        csv('Sembol;Tarih;Kapanış', '# not', '', 'THYAO;02.01.2025;x'),
      ),
    );
    expect(messages).toEqual(["Satır 4, 'Kapanış' sütunu: 'x' sayı değil."]);
  });

  it('reads a Windows-1254 file written by older Excel versions', async () => {
    // "Kapanış" and "Döviz" in code page 1254: ş = 0xFE, ö = 0xF6.
    const bytes = Uint8Array.from(
      Array.from('Sembol;Tarih;Kapan')
        .map((c) => c.charCodeAt(0))
        .concat(
          [0x69, 0xfe, 0x0a],
          Array.from('A;02.01.2025;1').map((c) => c.charCodeAt(0)),
        ),
    );
    expect(rowsOf(await parseImportFile('prices', bytes))).toEqual([
      { ticker: 'A', date: '2025-01-02', close: 1, ...NO_SERIES_COLUMNS },
    ]);
  });
});

describe('headers', () => {
  it('matches Turkish labels without regard to case, spaces or diacritics', async () => {
    const result = await parseImportFile(
      'holdings',
      csv(
        'PORTFOY KODU;portföy tarihi;yatirim araci kodu;guncel deger;Doviz Cinsi',
        'ABC;02.01.2025;THYAO;1.000,50;TRY',
      ),
    );
    const [row] = rowsOf(result);
    expect(row).toMatchObject({
      portfolioCode: 'ABC',
      portfolioDate: '2025-01-02',
      investmentInstrumentCode: 'THYAO',
      currentValue: 1000.5,
      currency: 'TRY',
    });
    expect(row?.isinCode, 'absent columns are null').toBeNull();
  });

  it('rejects a file with an unknown header, a repeated column and a missing required column', async () => {
    const messages = messagesOf(
      await parseImportFile('prices', csv('Sembol;Fiyat;Kapanış;Renk', 'THYAO;1;1;mavi')),
    );
    expect(messages).toEqual([
      "Satır 1, 'Kapanış' sütunu: 'Fiyat' ile aynı sütunu gösteriyor; bir kez yazılmalı.",
      "Satır 1, 'Renk' sütunu: tanınmayan sütun başlığı (şablonun Açıklama sayfasındaki başlıkları kullanın).",
      "Satır 1, 'Tarih' sütunu: zorunlu sütun dosyada yok.",
    ]);
  });

  it('rejects a file with a header and no data', async () => {
    expect(messagesOf(await parseImportFile('prices', csv('Sembol;Tarih;Kapanış')))).toEqual([
      'Dosya: yüklenecek satır yok (başlık satırından sonra veri bulunamadı).',
    ]);
  });

  it('rejects broken CSV quoting as an unreadable file', async () => {
    const messages = messagesOf(
      await parseImportFile('prices', csv('Sembol;Tarih;Kapanış', '"THYAO;02.01.2025;1')),
    );
    expect(messages[0]).toMatch(/^Satır \d+: CSV dosyası okunamadı/);
  });
});

describe('holdings', () => {
  const header =
    'Portföy Kodu;Portföy Tarihi;Yatırım Aracı Kodu;Güncel Değer;ISIN Kodu;Yabancı;Ana Tür';

  it('reads every kind of bad cell and reports each bad row', async () => {
    const result = await parseImportFile(
      'holdings',
      csv(
        header,
        'ABC;02.01.2025;THYAO;abc;TRATHYAO91M5;Evet;Hisse Senedi',
        'ABC;02.01.2025;GARAN;10;TRAGARAN91N2;belki;hisse',
        'ABC;02.01.2025;X;5;;H;stock',
      ),
    );
    expect(messagesOf(result)).toEqual([
      "Satır 2, 'Güncel Değer' sütunu: 'abc' sayı değil.",
      "Satır 3, 'ISIN Kodu' sütunu: 'TRAGARAN91N2' geçerli bir ISIN kodu değil (12 karakter, kontrol basamağı doğru olmalı).",
      "Satır 3, 'Yabancı' sütunu: 'belki' evet/hayır değeri değil.",
      "Satır 3, 'Ana Tür' sütunu: 'hisse' listedeki değerlerden biri değil (şablonun Açıklama sayfasına bakın).",
    ]);
  });

  it('reports unknown portfolio and instrument codes from the lookups', async () => {
    const messages = messagesOf(
      await parseImportFile(
        'holdings',
        csv(header, 'ABC;02.01.2025;THYAO;10;;;', 'XYZ;02.01.2025;QQQ;10;;;'),
        {
          lookups: { portfolioCodes: new Set(['ABC']), instrumentCodes: new Set(['THYAO']) },
        },
      ),
    );
    expect(messages).toEqual([
      "Satır 3, 'Portföy Kodu' sütunu: 'XYZ' bilinmeyen portföy kodu.",
      "Satır 3, 'Yatırım Aracı Kodu' sütunu: 'QQQ' bilinmeyen yatırım aracı kodu.",
    ]);
  });

  it('asks the database (load) only once the headers are bound, and reads with what it gives', async () => {
    let loads = 0;
    const load = () => {
      loads += 1;
      return Promise.resolve({
        lookups: { portfolioCodes: new Set(['ABC']), instrumentCodes: new Set(['THYAO']) },
      });
    };
    const unreadable = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);
    expect((await parseImportFile('holdings', unreadable, { load })).ok).toBe(false);
    expect(
      messagesOf(await parseImportFile('holdings', csv('Bilinmeyen;Sütun', 'a;b'), { load })),
    ).not.toEqual([]);
    expect(loads, 'an unreadable file and unknown columns cost no query').toBe(0);
    const messages = messagesOf(
      await parseImportFile('holdings', csv(header, 'XYZ;02.01.2025;THYAO;10;;;'), { load }),
    );
    expect(messages).toEqual(["Satır 2, 'Portföy Kodu' sütunu: 'XYZ' bilinmeyen portföy kodu."]);
    expect(loads).toBe(1);
    const prices = (defaultNumberFormat: 'tr' | 'intl') =>
      parseImportFile('prices', csv('ticker;date;close', 'THYAO;2025-01-02;1,250'), {
        load: () => Promise.resolve({ defaultNumberFormat }),
      });
    expect(rowsOf(await prices('tr')).map((r) => r.close)).toEqual([1.25]);
    expect(rowsOf(await prices('intl')).map((r) => r.close)).toEqual([1250]);
  });

  it('stores the main type by its key whether the file uses the key or the Turkish label', async () => {
    const rows = rowsOf(
      await parseImportFile(
        'holdings',
        csv(
          header,
          'ABC;02.01.2025;T1;-5,5;;hayır;Ters Repo',
          'ABC;02.01.2025;T2;1;;;governmentBond',
        ),
      ),
    );
    expect(rows.map((r) => [r.investmentInstrumentMainType, r.isForeign, r.currentValue])).toEqual([
      ['reverseRepo', false, -5.5],
      ['governmentBond', null, 1],
    ]);
  });
});

describe('FX rates', () => {
  const header = 'Döviz Kodu;Tarih;Döviz Alış;Döviz Satış;Efektif Alış;Efektif Satış';

  it('accepts a currency without banknote rates and rejects a row with no forex rate', async () => {
    const ok = rowsOf(await parseImportFile('fxRates', csv(header, 'XDR;02.01.2025;47,1;;;')));
    expect(ok).toEqual([
      {
        currency: 'XDR',
        date: '2025-01-02',
        forexBuying: 47.1,
        forexSelling: null,
        banknoteBuying: null,
        banknoteSelling: null,
      },
    ]);
    const messages = messagesOf(
      await parseImportFile(
        'fxRates',
        csv(header, 'USD;02.01.2025;;;35;35,1', 'usd;02.01.2025;-1;1;;'),
      ),
    );
    expect(messages).toEqual([
      "Satır 2, 'Döviz Alış' sütunu: döviz alış veya döviz satış kurundan en az biri gerekli.",
      "Satır 3, 'Döviz Kodu' sütunu: 'usd' geçerli bir döviz kodu değil (üç büyük harf, ör. USD).",
      "Satır 3, 'Döviz Alış' sütunu: '-1' sıfırdan büyük olmalı.",
    ]);
  });
});

describe('instruments', () => {
  const header =
    'Yatırım Aracı Kodu;Yatırım Aracı Adı;Ana Tür;Döviz Cinsi;Kupon Türü;Kupon Oranı (%);Kupon Sıklığı;Gün Sayımı;İhraç Tarihi;Vade Tarihi;Referans Endeks;Dayanak Varlık;Kullanım Fiyatı;Vade Sonu;Opsiyon Türü;Opsiyon Tipi;Sözleşme Büyüklüğü;Fon Kodu;Fon Kategorisi';

  it('builds bond, option, future, fund and stock records with their terms', async () => {
    const rows = rowsOf(
      await parseImportFile(
        'instruments',
        csv(
          header,
          'TRT150127T19;DİBS 2027;Devlet Tahvili (DİBS);TRY;Sabit Faizli;25,5;2;ACT/365;31.01.2024;27.01.2027;;;;;;;;;',
          'O_XU030E0226C10000;XU030 Call;option;TRY;;;;;;;;XU030;10000;26.02.2026;call;Avrupa Tipi;0,1;;',
          'F_USDTRY0226;USDTRY Vadeli;future;TRY;;;;;;;;USDTRY;;26.02.2026;;;1000;;',
          'AAK;Ak Portföy Fon;fundShare;TRY;;;;;;;;;;;;;;;Hisse Senedi Fonu',
          'THYAO;Türk Hava Yolları;stock;TRY;;;;;;;;;;;;;;;',
        ),
      ),
    );
    expect(rows.map((r) => r.terms)).toEqual([
      {
        kind: 'bond',
        couponType: 'fixed',
        couponRatePct: 25.5,
        couponFrequency: 2,
        dayCount: 'ACT/365',
        issueDate: '2024-01-31',
        maturityDate: '2027-01-27',
        referenceIndex: null,
        spreadBp: null,
      },
      {
        kind: 'option',
        underlying: 'XU030',
        strike: 10000,
        expiryDate: '2026-02-26',
        optionType: 'call',
        exerciseStyle: 'european',
        contractSize: 0.1,
      },
      { kind: 'future', underlying: 'USDTRY', expiryDate: '2026-02-26', contractSize: 1000 },
      { kind: 'fund', fundCode: 'AAK', fundCategory: 'equity', tefasFundType: null },
      { kind: 'none' },
    ]);
    expect(rows[0]).toMatchObject({
      code: 'TRT150127T19',
      mainType: 'governmentBond',
      isForeign: false,
    });
  });

  it('rejects missing bond terms, terms that do not belong to the type, and inconsistent terms', async () => {
    const messages = messagesOf(
      await parseImportFile(
        'instruments',
        csv(
          header,
          'B1;Tahvil;corporateBond;TRY;Değişken Faizli;30;4;ACT/365;31.01.2024;;;;;;;;;;',
          'THYAO;THY;stock;TRY;;25;;;;;;;;;;;;;',
          'B2;Bono;treasuryBill;TRY;İskontolu (Kuponsuz);0;2;ACT/365;31.01.2025;01.01.2025;;;;;;;;;',
          'B3;TLREF Tahvil;corporateBond;TRY;Değişken Faizli;30;4;ACT/365;31.01.2024;31.01.2026;;;;;;;;;',
        ),
      ),
    );
    expect(messages).toEqual([
      "Satır 2, 'Vade Tarihi' sütunu: boş bırakılamaz.",
      "Satır 3, 'Kupon Oranı (%)' sütunu: '25' bu ana türdeki araçlar için kullanılmaz; boş bırakın.",
      "Satır 4, 'Kupon Sıklığı' sütunu: '2' iskontolu bonoda 0 olmalı.",
      "Satır 4, 'Vade Tarihi' sütunu: '01.01.2025' ihraç tarihinden sonra olmalı.",
      "Satır 5, 'Referans Endeks' sütunu: değişken faizli veya TÜFE’ye endeksli tahvilde referans endeks gerekli.",
    ]);
  });
});

describe('.xlsx files', () => {
  it('reads date cells, number cells and text cells, with Excel row numbers in errors', async () => {
    const data = await xlsxOf([
      ['Sembol', 'Tarih', 'Kapanış'],
      ['THYAO', new Date(Date.UTC(2025, 0, 2)), 285.75],
      [],
      ['GARAN', '03.01.2025', '1.234,5'],
      ['AKBNK', 45660, 'yok'],
    ]);
    const result = await parseImportFile('prices', data);
    expect(messagesOf(result)).toEqual(["Satır 5, 'Kapanış' sütunu: 'yok' sayı değil."]);
  });

  it('returns typed rows from a valid workbook', async () => {
    const data = await xlsxOf([
      ['ticker', 'DATE', 'fiyat'],
      ['THYAO', new Date(Date.UTC(2025, 0, 2)), 285.75],
      ['GARAN', 45660, '1.234,5'],
    ]);
    expect(rowsOf(await parseImportFile('prices', data))).toEqual([
      { ticker: 'THYAO', date: '2025-01-02', close: 285.75, ...NO_SERIES_COLUMNS },
      { ticker: 'GARAN', date: '2025-01-03', close: 1234.5, ...NO_SERIES_COLUMNS },
    ]);
  });

  it('rejects a damaged .xlsx as a whole', async () => {
    const data = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5]);
    expect(messagesOf(await parseImportFile('prices', data))).toEqual([
      'Dosya: Excel dosyası bozuk: zip arşivinin sonu bulunamadı (dosya eksik ya da bozuk).',
    ]);
  });
});

describe('large files', () => {
  // The time it takes is printed by bench/import.ts (target: under 10 seconds), not asserted
  // here: unit tests are not timed (docs/decisions/0042-settlement-dates-and-contract-labels.md).
  it('parses and validates 100,000 CSV price rows', async () => {
    const lines = ['Sembol;Tarih;Kapanış'];
    for (let i = 0; i < 100_000; i++) {
      const day = new Date(Date.UTC(2000, 0, 1) + (i % 5000) * 86_400_000)
        .toISOString()
        .slice(0, 10);
      lines.push(`S${Math.floor(i / 5000)};${day};${(100 + i / 7).toFixed(4).replace('.', ',')}`);
    }
    const rows = rowsOf(await parseImportFile('prices', csv(...lines)));
    expect(rows).toHaveLength(100_000);
    expect(rows[0]).toEqual({ ticker: 'S0', date: '2000-01-01', close: 100, ...NO_SERIES_COLUMNS });
    expect(rows[99_999]).toMatchObject({ ticker: 'S19', date: '2013-09-08' });
    expect(rows[99_999]!.close).toBeCloseTo(100 + 99_999 / 7, 4);
  }, 60_000);
});
