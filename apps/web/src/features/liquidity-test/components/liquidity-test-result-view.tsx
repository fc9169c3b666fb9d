import { useState } from 'react';
import { Alert, Select, Stack, Text } from '@mantine/core';
import { SELLING_METHOD_LABELS, type LiquidityFund } from '@fonrisk/contracts';
import { FigureCards } from '../../analysis-runs/components/figures.tsx';
import { formatPct, formatTry } from '../../analysis-runs/components/format.ts';
import { ResultChartPanel } from '../../analysis-runs/components/report-parts.tsx';
import { ResultTablePanel } from '../../analysis-runs/components/result-table.tsx';
import type { ResultViewProps } from '../../analysis-runs/components/result-screen.tsx';
import { formatDate } from '../../../lib/format.ts';
import { LIQUIDITY_MESSAGES as M } from '../messages.ts';
import { SettlementTable } from './settlement-table.tsx';

const failRow = (r: Record<string, unknown>) =>
  r['passes'] === false ? { background: '#fff5f5' } : undefined;

/** The result of a 'liquidity-test' run: summary of every fund, then one fund's detail. */
export function LiquidityTestResultView({ run, result }: ResultViewProps<'liquidity-test'>) {
  const [code, setCode] = useState<string | null>(null);
  const detail = result.funds.find((f) => f.portfolioCode === code) ?? result.funds[0];
  const tables = result.tables;
  const ofFund = (rows: Record<string, unknown>[]) =>
    rows.filter((r) => r['portfolioCode'] === detail?.portfolioCode);
  return (
    <Stack gap="md" data-testid="liquidity-result">
      <Text size="sm" c="dimmed">
        {M.conventions(
          formatPct(result.conventions.participationRate, 0),
          SELLING_METHOD_LABELS[result.conventions.sellingMethod],
          result.conventions.impactModel,
        )}
      </Text>
      {tables['summary'] && (
        <ResultTablePanel
          runId={run.id}
          name="summary"
          table={tables['summary']}
          rowStyle={failRow}
        />
      )}
      {result.charts['buckets'] && <ResultChartPanel chart={result.charts['buckets']} />}
      {result.funds.length > 1 && (
        <Select
          label={M.fund}
          data={result.funds.map((f) => ({
            value: f.portfolioCode,
            label: `${f.portfolioCode} · ${f.portfolioName}`,
          }))}
          value={detail?.portfolioCode ?? null}
          onChange={setCode}
          allowDeselect={false}
          w={380}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      {detail && <FundFigures fund={detail} />}
      {tables['scenarios'] && (
        <ResultTablePanel
          runId={run.id}
          name="scenarios"
          table={tables['scenarios']}
          rows={ofFund(tables['scenarios'].rows)}
          rowStyle={failRow}
        />
      )}
      {detail && (
        <SettlementTable
          runId={run.id}
          fund={detail}
          calendar={result.conventions.calendar}
          tables={tables}
        />
      )}
      {tables['buckets'] && (
        <ResultTablePanel
          runId={run.id}
          name="buckets"
          table={tables['buckets']}
          rows={ofFund(tables['buckets'].rows)}
        />
      )}
      {result.charts['cumulative'] && <ResultChartPanel chart={result.charts['cumulative']} />}
      {tables['positions'] && (
        <ResultTablePanel
          runId={run.id}
          name="positions"
          table={tables['positions']}
          rows={ofFund(tables['positions'].rows)}
        />
      )}
    </Stack>
  );
}

function FundFigures({ fund }: { fund: LiquidityFund }) {
  const ratios = fund.scenarios.flatMap((s) => (s.coverageRatio === null ? [] : [s.coverageRatio]));
  const failed = fund.scenarios.filter((s) => !s.passes).length;
  const worst = ratios.length > 0 ? Math.min(...ratios) : null;
  return (
    <Stack gap="sm">
      <Text
        fw={700}
        size="lg"
      >{`${fund.portfolioCode} · ${fund.portfolioName} · ${formatDate(fund.date)}`}</Text>
      <FigureCards
        cols={5}
        figures={[
          {
            label: M.liquid1,
            value: formatPct(fund.buckets[0]?.cumulativeWaterfall),
            testId: 'liquidity-1d',
          },
          { label: M.liquid7, value: formatPct(fund.buckets[1]?.cumulativeWaterfall) },
          { label: M.liquid30, value: formatPct(fund.buckets[2]?.cumulativeWaterfall) },
          {
            label: M.cost,
            value: formatTry(fund.liquidationCostTry, 0),
            hint: M.costHint(formatPct(fund.liquidationCostTry / fund.nav, 3)),
          },
          {
            label: M.worstCoverage,
            value:
              worst === null ? '–' : worst.toLocaleString('tr-TR', { maximumFractionDigits: 2 }),
            hint: failed === 0 ? M.passed : M.failed(failed),
            tone: failed === 0 ? undefined : 'breach',
            testId: 'liquidity-worst-coverage',
          },
        ]}
      />
      {fund.positionsWithoutVolume > 0 && (
        <Alert color="yellow">{M.withoutVolume(fund.positionsWithoutVolume)}</Alert>
      )}
      {fund.notes.map((n) => (
        <Alert key={n} color="gray">
          {n}
        </Alert>
      ))}
    </Stack>
  );
}
