import { useMemo, useState } from 'react';
import { Badge, Checkbox, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import {
  AUDIT_STATUS_LABELS,
  AUDIT_UNIT_CHART_FORMATS,
  datedLinesOption,
  formatAuditValue,
  type AuditLine,
  type AuditedCriterion,
  type InternalAuditResult,
} from '@fonrisk/contracts';
import { EChart } from '../../../components/charts/echart.tsx';
import { SourceNote } from '../../../components/ui/source-note.tsx';
import { Section } from '../../analysis-runs/components/figures.tsx';
import { formatPct, formatTry } from '../../analysis-runs/components/format.ts';
import { ResultTablePanel } from '../../analysis-runs/components/result-table.tsx';
import { formatDate } from '../../../lib/format.ts';
import type { ResultViewProps } from '../../analysis-runs/components/result-screen.tsx';
import { AUDIT_MESSAGES as M } from '../messages.ts';

const STATUS_COLOR = { pass: 'green', warning: 'orange', breach: 'red' } as const;
/**
 * Lines a page of the table shows: a house's audit of 100 funds has ~900, whose rows (each with
 * its source note) took a second to draw at once.
 */
export const AUDIT_LINES_PER_PAGE = 100;
const ROW_BG = { pass: undefined, warning: 'yellow.0', breach: 'red.0' } as const;

/** An internal-audit result: counts, the portfolio × criterion table, the chosen line's holdings and daily series. */
export function AuditResultView({ run, result }: ResultViewProps<'internal-audit'>) {
  return <AuditResult runId={run.id} result={result} />;
}

function AuditResult({ runId, result }: { runId: string; result: InternalAuditResult }) {
  const [onlyFailing, setOnlyFailing] = useState(false);
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<string | null>(null);
  const criteria = useMemo(() => new Map(result.criteria.map((c) => [c.code, c])), [result]);
  const lines = result.lines.filter((l) => !onlyFailing || l.status !== 'pass');
  const pages = Math.max(1, Math.ceil(lines.length / AUDIT_LINES_PER_PAGE));
  const shown = lines.slice(
    (Math.min(page, pages) - 1) * AUDIT_LINES_PER_PAGE,
    Math.min(page, pages) * AUDIT_LINES_PER_PAGE,
  );
  const key = (l: AuditLine): string => `${l.portfolioCode}|${l.criterionCode}`;
  const line = result.lines.find((l) => key(l) === chosen) ?? null;
  return (
    <Stack gap="md" data-testid="audit-result">
      <Group justify="space-between">
        <Group gap="xs">
          <Text size="sm">{M.summary(result.summary.portfolios, result.summary.checks)}</Text>
          <Badge color="green" variant="light">{`${M.countPass}: ${result.summary.pass}`}</Badge>
          <Badge
            color="orange"
            variant="light"
          >{`${M.countWarning}: ${result.summary.warning}`}</Badge>
          <Badge
            color="red"
            variant="filled"
            data-testid="breach-count"
          >{`${M.countBreach}: ${result.summary.breach}`}</Badge>
        </Group>
        {result.tracking && (
          <Text size="xs" c="dimmed">
            {M.tracking(result.tracking.opened, result.tracking.updated, result.tracking.resolved)}
          </Text>
        )}
      </Group>
      <Section
        title={
          result.asOfDate
            ? formatDate(result.dates.at(-1) ?? result.asOfDate)
            : `${formatDate(result.fromDate)} – ${formatDate(result.toDate)}`
        }
        actions={
          <Checkbox
            size="xs"
            label={M.onlyFailing}
            checked={onlyFailing}
            onChange={(e) => {
              setOnlyFailing(e.currentTarget.checked);
              setPage(1);
            }}
          />
        }
      >
        <Table highlightOnHover verticalSpacing={3} fz="sm" data-testid="audit-lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{M.colPortfolio}</Table.Th>
              <Table.Th>{M.colName}</Table.Th>
              <Table.Th>{M.colDate}</Table.Th>
              <Table.Th ta="right">{M.colValue}</Table.Th>
              <Table.Th ta="right">{M.colLimit}</Table.Th>
              <Table.Th ta="right">{M.colMargin}</Table.Th>
              <Table.Th>{M.colStatus}</Table.Th>
              {!result.asOfDate && <Table.Th ta="right">{M.colFailingDays}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((l) => {
              const c = criteria.get(l.criterionCode)!;
              return (
                <Table.Tr
                  key={key(l)}
                  bg={key(l) === chosen ? 'blue.0' : ROW_BG[l.status]}
                  style={{ cursor: 'pointer' }}
                  onClick={() => setChosen(key(l))}
                  data-status={l.status}
                >
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{l.portfolioCode}</Table.Td>
                  <Table.Td>
                    {c.name}{' '}
                    <SourceNote
                      source={c.source}
                      confirmed={c.confirmed}
                      testId={`source-note-${c.code}`}
                    />
                  </Table.Td>
                  <Table.Td>{formatDate(l.date)}</Table.Td>
                  <Table.Td ta="right">{formatAuditValue(l.value, c.unit)}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {c.limitText}
                  </Table.Td>
                  <Table.Td ta="right">{formatAuditValue(l.margin, c.unit)}</Table.Td>
                  <Table.Td>
                    <Badge
                      size="sm"
                      color={STATUS_COLOR[l.status]}
                      variant={l.status === 'breach' ? 'filled' : 'light'}
                    >
                      {AUDIT_STATUS_LABELS[l.status]}
                    </Badge>
                  </Table.Td>
                  {!result.asOfDate && <Table.Td ta="right">{l.failingDays}</Table.Td>}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        {pages > 1 && (
          <Group justify="space-between" mt="xs">
            <Text size="xs" c="dimmed">
              {M.linesShown(
                (Math.min(page, pages) - 1) * AUDIT_LINES_PER_PAGE + 1,
                (Math.min(page, pages) - 1) * AUDIT_LINES_PER_PAGE + shown.length,
                lines.length,
              )}
            </Text>
            <Pagination
              size="sm"
              total={pages}
              value={Math.min(page, pages)}
              onChange={setPage}
              data-testid="audit-lines-pages"
            />
          </Group>
        )}
      </Section>
      {line === null ? (
        <Text c="dimmed" size="sm">
          {M.chooseLine}
        </Text>
      ) : (
        <LineDetail line={line} criterion={criteria.get(line.criterionCode)!} result={result} />
      )}
      <ResultTablePanel runId={runId} name="results" table={result.tables.results!} height={240} />
    </Stack>
  );
}

function LineDetail({
  line,
  criterion,
  result,
}: {
  line: AuditLine;
  criterion: AuditedCriterion;
  result: InternalAuditResult;
}) {
  const series = result.series.find(
    (s) => s.portfolioCode === line.portfolioCode && s.criterionCode === line.criterionCode,
  );
  const limits =
    criterion.comparison.kind === 'range'
      ? [criterion.comparison.min, criterion.comparison.max]
      : [criterion.comparison.limit];
  return (
    <Stack gap="md" data-testid="audit-line-detail">
      {series && series.dates.length > 1 && (
        <Section title={M.seriesTitle(line.portfolioCode, criterion.name)}>
          <EChart
            option={datedLinesOption(
              [
                {
                  name: M.seriesValue,
                  points: series.dates.map((d, i) => [d, series.values[i] ?? null] as const),
                  color: '#1c7ed6',
                },
                ...limits.map((lim) => ({
                  name: M.seriesLimit,
                  points: series.dates.map((d) => [d, lim] as const),
                  dashed: true,
                  color: '#e03131',
                })),
              ],
              AUDIT_UNIT_CHART_FORMATS[criterion.unit],
            )}
            height={280}
            ariaLabel={M.seriesTitle(line.portfolioCode, criterion.name)}
          />
        </Section>
      )}
      <Section title={line.status === 'pass' ? M.contributions : M.offending}>
        <Table fz="xs" verticalSpacing={2} data-testid="audit-contributions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{M.colInstrument}</Table.Th>
              <Table.Th>{M.colKey}</Table.Th>
              <Table.Th ta="right">{M.colAmount}</Table.Th>
              <Table.Th ta="right">{M.colWeight}</Table.Th>
              {criterion.unit === 'days' && <Table.Th ta="right">{M.colMaturity}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {line.contributions.map((c) => (
              <Table.Tr
                key={c.instrumentCode}
                c={c.offending ? 'red.8' : undefined}
                fw={c.offending ? 600 : undefined}
              >
                <Table.Td>{`${c.instrumentCode} ${c.instrumentName ?? ''}`}</Table.Td>
                <Table.Td>{c.key ?? ''}</Table.Td>
                <Table.Td ta="right">{formatTry(c.valueTry, 0)}</Table.Td>
                <Table.Td ta="right">{formatPct(c.weight)}</Table.Td>
                {criterion.unit === 'days' && (
                  <Table.Td ta="right">
                    {c.maturityDays === null ? '—' : Math.round(c.maturityDays)}
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>
      {line.keys.length > 0 && (
        <Section title={M.keys}>
          <Group gap="xs">
            {line.keys.map((k) => (
              <Badge key={k.key} color={k.offending ? 'red' : 'gray'} variant="light">
                {`${k.key}: ${formatPct(k.weight)}`}
              </Badge>
            ))}
          </Group>
        </Section>
      )}
    </Stack>
  );
}
