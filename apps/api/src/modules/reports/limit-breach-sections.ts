import {
  AUDIT_STATUS_LABELS,
  InternalAuditResultSchema,
  LIMIT_STATUS_LABELS,
  VAR_POINT_COLUMNS,
  VarPointSchema,
  col,
  formatAuditValue,
  formatLimit,
  type LimitStatus,
  type ResultColumn,
  type ResultTable,
} from '@fonrisk/contracts';
import type { Database, ReportRow } from '@fonrisk/db';
import { z } from 'zod';
import { formatIsoDate } from './render/format.ts';
import type { RenderedSection } from './render/report-document.ts';
import { auditLinesInRange, varPointsInRange } from './reports.repository.ts';

/** Columns of the internal-audit part of the limit-breach section (as the audit's own table). */
export const AUDIT_BREACH_COLUMNS: ResultColumn[] = [
  col('date', 'Tarih', 'date'),
  col('criterionCode', 'Kriter Kodu', 'text'),
  col('criterionName', 'Kriter', 'text'),
  col('limitText', 'Limit', 'text'),
  col('valueText', 'Gerçekleşen Değer', 'text'),
  col('statusLabel', 'Durum', 'text'),
  col('failingDays', 'Aykırı Gün Sayısı', 'number'),
];

/** What the section reads of an audit's result: its criteria and the fund's lines. */
const AuditPart = InternalAuditResultSchema.pick({ criteria: true, lines: true });

/** The report's period: a date report covers its month up to the date. */
function breachPeriod(
  row: Pick<ReportRow, 'asOfDate' | 'fromDate' | 'toDate'>,
): { from: string; to: string } | null {
  const to = row.asOfDate ?? row.toDate;
  if (to === null) return null;
  return { from: row.asOfDate ? `${row.asOfDate.slice(0, 8)}01` : row.fromDate!, to };
}

/**
 * The limit-breach section of a portfolio in the report's period: every tracked limit, i.e. the
 * RMD (VaR limit) breaches and warnings of the finished 'var' runs' daily points (latest run per
 * date) and the investment-limit (yatırım sınırlamaları) breaches and warnings of the latest
 * finished internal-audit runs (latest run per date and criterion: criterion, limit, actual
 * value, status). One part each, a note when a part has nothing to list.
 */
export async function limitBreachSections(
  db: Database,
  title: string,
  code: string | null,
  row: Pick<ReportRow, 'asOfDate' | 'fromDate' | 'toDate'>,
): Promise<RenderedSection[]> {
  const period = breachPeriod(row);
  if (code === null || period === null)
    return [{ kind: 'note', title, note: 'Portföy veya tarih yok.' }];
  return [
    await varBreachPart(db, title, code, period),
    await auditBreachPart(db, `${title} — Yatırım Sınırlamaları`, code, period),
  ];
}

async function varBreachPart(
  db: Database,
  title: string,
  code: string,
  { from, to }: { from: string; to: string },
): Promise<RenderedSection> {
  const byDate = new Map<string, Record<string, unknown>>();
  for (const points of await varPointsInRange(db, code, from, to)) {
    for (const point of z.array(VarPointSchema).safeParse(points).data ?? []) {
      if (point.portfolioCode !== code || point.date < from || point.date > to) continue;
      if (byDate.has(point.date)) continue;
      if (point.status === 'breach' || point.status === 'warning') {
        byDate.set(point.date, {
          ...point,
          statusLabel: LIMIT_STATUS_LABELS[point.status as LimitStatus],
        });
      }
    }
  }
  const rows = [...byDate.values()].sort((a, b) => String(a.date).localeCompare(String(b.date)));
  if (rows.length === 0) {
    return {
      kind: 'note',
      title,
      note: `${formatIsoDate(from)} – ${formatIsoDate(to)} döneminde hesaplanmış RMD analizlerinde limit aşımı veya uyarı yok.`,
    };
  }
  const table: ResultTable = {
    title: `${code} RMD limit aşımları ve uyarılar`,
    columns: VAR_POINT_COLUMNS,
    rows,
  };
  return { kind: 'table', title, table };
}

async function auditBreachPart(
  db: Database,
  title: string,
  code: string,
  { from, to }: { from: string; to: string },
): Promise<RenderedSection> {
  const seen = new Set<string>();
  const rows: Record<string, unknown>[] = [];
  let audited = 0;
  for (const run of await auditLinesInRange(db, code, from, to)) {
    const result = AuditPart.safeParse(run).data;
    if (!result) continue;
    audited += 1;
    const criteria = new Map(result.criteria.map((c) => [c.code, c]));
    for (const line of result.lines) {
      if (line.portfolioCode !== code || line.date < from || line.date > to) continue;
      const key = `${line.date}|${line.criterionCode}`;
      // Latest run first: an earlier run of the same date and criterion is superseded.
      if (seen.has(key)) continue;
      seen.add(key);
      if (line.status === 'pass') continue;
      const criterion = criteria.get(line.criterionCode);
      rows.push({
        date: line.date,
        criterionCode: line.criterionCode,
        criterionName: criterion?.name ?? line.criterionCode,
        limitText: criterion ? formatLimit(criterion.comparison, criterion.unit) : '—',
        valueText: criterion ? formatAuditValue(line.value, criterion.unit) : String(line.value),
        statusLabel: AUDIT_STATUS_LABELS[line.status],
        failingDays: line.failingDays,
      });
    }
  }
  rows.sort(
    (a, b) =>
      String(a.date).localeCompare(String(b.date)) ||
      String(a.criterionCode).localeCompare(String(b.criterionCode)),
  );
  if (rows.length === 0) {
    return {
      kind: 'note',
      title,
      note:
        audited === 0
          ? `${formatIsoDate(from)} – ${formatIsoDate(to)} döneminde bu portföy için tamamlanmış iç denetim (yatırım sınırlamaları denetimi) yok.`
          : `${formatIsoDate(from)} – ${formatIsoDate(to)} döneminin iç denetimlerinde yatırım sınırlaması aşımı veya uyarısı yok.`,
    };
  }
  const table: ResultTable = {
    title: `${code} yatırım sınırlaması aşımları ve uyarılar`,
    columns: AUDIT_BREACH_COLUMNS,
    rows,
  };
  return { kind: 'table', title, table };
}
