// `fonrisk risk-value`: SPK risk value (risk değeri, 1–7) of a fund's daily price series.
import { RiskError, riskValueHistory, weeklyReturns, type WeeklyReturn } from '@fonrisk/risk';
import { parseOptions, requireString } from '../args.ts';
import { findColumn } from '../columns.ts';
import { cellError, CliError, riskErrorText } from '../errors.ts';
import { readRawTable } from '../raw-table.ts';
import { parseDate, readSeriesTable, type SeriesTable } from '../read-table.ts';

export const help = `fonrisk risk-value --prices DOSYA [--column SÜTUN] [--benchmark DOSYA]
  SPK risk değeri (1-7): haftanın ilk ve son iş günü fiyatları arasındaki haftalık getirilerden son 5 yılın
  (T = 260 hafta, m = 52) yıllık oynaklığı ve 12.10.2023 bant tablosu (alt sınır dahil, üst sınır hariç).
  --prices     ilk sütunu tarih olan günlük fiyat dosyası (CSV veya Excel); boş hücre o gün fiyat yok demektir
  --column     fiyat sütunu (varsayılan: ilk seri sütunu)
  --benchmark  aynı biçimde karşılaştırma ölçütü fiyat dosyası (ilk seri sütunu); fonun 5 yıldan kısa
               geçmişinde eksik haftalar ölçütün haftalık getirileriyle doldurulur
  Çıktı: volatility (kesir), riskValue, weeks (son hesaplamadaki hafta sayısı) ve haftalık history.
  En az 52 haftalık getiri gerekir.`;

/** File row (1-based, header = 1) holding a date, for error messages; the table is sorted by date. */
async function rowOfDate(file: string, date: string): Promise<number | undefined> {
  const raw = await readRawTable(file);
  return raw.rows.find(
    (r) => r.cells[0] !== undefined && r.cells[0] !== null && parseDate(r.cells[0]) === date,
  )?.row;
}

async function weeklyFromTable(
  table: SeriesTable,
  columnName: string | undefined,
): Promise<WeeklyReturn[]> {
  const column = columnName === undefined ? table.columns[0]! : findColumn(table, columnName);
  const dates: string[] = [];
  const prices: number[] = [];
  for (let i = 0; i < table.dates.length; i += 1) {
    const value = column.values[i];
    if (value === null || value === undefined) continue;
    if (!(value > 0)) {
      const row = await rowOfDate(table.file, table.dates[i]!);
      throw cellError(
        { file: table.file, row, column: column.name },
        `fiyat pozitif olmalı, verilen: ${value}`,
      );
    }
    dates.push(table.dates[i]!);
    prices.push(value);
  }
  return weeklyReturns(dates, prices);
}

export async function run(args: readonly string[]): Promise<unknown> {
  const o = parseOptions(args, {
    prices: { type: 'string' },
    column: { type: 'string' },
    benchmark: { type: 'string' },
  });
  const prices = await readSeriesTable(requireString(o.prices, 'prices'));
  const fund = await weeklyFromTable(prices, typeof o.column === 'string' ? o.column : undefined);
  const benchmark =
    typeof o.benchmark === 'string'
      ? await weeklyFromTable(await readSeriesTable(o.benchmark), undefined)
      : undefined;
  try {
    const result = riskValueHistory(fund, { benchmark });
    return {
      volatility: result.volatility,
      riskValue: result.riskValue,
      weeks: result.weeks,
      history: result.history.map((p) => ({
        date: p.date,
        volatility: p.volatility,
        riskValue: p.riskValue,
      })),
    };
  } catch (error) {
    if (error instanceof RiskError) {
      throw new CliError(`${prices.file}: risk değeri hesaplanamadı: ${riskErrorText(error)}`);
    }
    throw error;
  }
}
