import { Alert, Stack, Text } from '@mantine/core';
import { SELLING_METHOD_LABELS, type LiquidityFund } from '@fonrisk/contracts';
import { FigureCards } from '../../analysis-runs/components/figures.tsx';
import { formatPct, formatTry } from '../../analysis-runs/components/format.ts';
import { ResultChartPanel } from '../../analysis-runs/components/report-parts.tsx';
import {
  PortfolioHeading,
  PortfolioPicker,
  usePickedPortfolio,
} from '../../analysis-runs/components/portfolio-picker.tsx';
import { RunTablePanel } from '../../analysis-runs/components/run-table-panel.tsx';
import type { ResultViewProps } from '../../analysis-runs/components/result-screen.tsx';
import { LIQUIDITY_MESSAGES as M } from '../messages.ts';
import { fundChart } from './fund-chart.ts';
import { SettlementTable } from './settlement-table.tsx';

const failRow = (r: Record<string, unknown>) =>
  r['passes'] === false ? { background: '#fff5f5' } : undefined;

/** The result of a 'liquidity-test' run: summary of every fund, then one fund's detail. */
export function LiquidityTestResultView({ run, result }: ResultViewProps<'liquidity-test'>) {
  const { detail, setCode, rowsOf: ofFund } = usePickedPortfolio(result.funds);
  const tables = result.tables;
  const cumulative = result.charts['cumulative'];
  return (
    <Stack gap="md" data-testid="liquidity-result">
      <Text size="sm" c="dimmed">
        {M.conventions(
          formatPct(result.conventions.participationRate, 0),
          SELLING_METHOD_LABELS[result.conventions.sellingMethod],
          result.conventions.impactModel,
        )}
      </Text>
      <RunTablePanel runId={run.id} tables={tables} name="summary" rowStyle={failRow} />
      {result.charts['buckets'] && <ResultChartPanel chart={result.charts['buckets']} />}
      <PortfolioPicker label={M.fund} parts={result.funds} value={detail} onChange={setCode} />
      {detail && <FundFigures fund={detail} />}
      <RunTablePanel
        runId={run.id}
        tables={tables}
        name="scenarios"
        rows={ofFund}
        rowStyle={failRow}
      />
      {detail && (
        <SettlementTable
          runId={run.id}
          fund={detail}
          calendar={result.conventions.calendar}
          tables={tables}
        />
      )}
      <RunTablePanel runId={run.id} tables={tables} name="buckets" rows={ofFund} />
      {cumulative && (
        <ResultChartPanel
          chart={detail ? fundChart(cumulative, detail.portfolioCode) : cumulative}
        />
      )}
      <RunTablePanel runId={run.id} tables={tables} name="positions" rows={ofFund} />
    </Stack>
  );
}

function FundFigures({ fund }: { fund: LiquidityFund }) {
  const ratios = fund.scenarios.flatMap((s) => (s.coverageRatio === null ? [] : [s.coverageRatio]));
  const failed = fund.scenarios.filter((s) => !s.passes).length;
  const worst = ratios.length > 0 ? Math.min(...ratios) : null;
  return (
    <Stack gap="sm">
      <PortfolioHeading part={fund} date={fund.date} />
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
      {/* The engine's notes say it once (positions without volume included), as the report does. */}
      {fund.notes.map((n) => (
        <Alert key={n} color="gray">
          {n}
        </Alert>
      ))}
    </Stack>
  );
}
