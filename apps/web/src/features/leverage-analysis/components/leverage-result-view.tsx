import { Alert, Stack } from '@mantine/core';
import {
  leverageChart,
  type LeveragePortfolio,
  type ResultTables,
  type Run,
} from '@fonrisk/contracts';
import { EChart } from '../../../components/charts/echart.tsx';
import {
  FigureCards,
  LimitStatusBadge,
  Section,
  statusRowStyle,
} from '../../analysis-runs/components/figures.tsx';
import { formatPct, formatTry } from '../../analysis-runs/components/format.ts';
import { ResultTablePanel } from '../../analysis-runs/components/result-table.tsx';
import {
  PortfolioHeading,
  PortfolioPicker,
  usePickedPortfolio,
} from '../../analysis-runs/components/portfolio-picker.tsx';
import type { ResultViewProps } from '../../analysis-runs/components/result-screen.tsx';
import { LEVERAGE_MESSAGES as M } from '../messages.ts';

/** `leverage-analysis-result` */
/** The result of a 'leverage' run: summary per portfolio, then one portfolio's positions and netting. */
export function LeverageResultView({ run, result }: ResultViewProps<'leverage'>) {
  const { detail, setCode } = usePickedPortfolio(result.portfolios);
  return (
    <Stack gap="md" data-testid="leverage-result">
      {result.tables['summary'] && (
        <ResultTablePanel
          runId={run.id}
          name="summary"
          table={result.tables['summary']}
          rowStyle={(r) => statusRowStyle(r['status'])}
        />
      )}
      <PortfolioPicker
        label={M.portfolio}
        parts={result.portfolios}
        value={detail}
        onChange={setCode}
      />
      {detail && <LeverageDetail run={run} detail={detail} tables={result.tables} />}
    </Stack>
  );
}

function LeverageDetail({
  run,
  detail,
  tables,
}: {
  run: Run;
  detail: LeveragePortfolio;
  tables: ResultTables;
}) {
  return (
    <Stack gap="md">
      <PortfolioHeading part={detail} date={detail.asOfDate} />
      <FigureCards
        cols={5}
        figures={[
          {
            label: M.commitment,
            value: formatPct(detail.commitmentPct),
            hint: formatTry(detail.commitmentTry, 0),
            tone: detail.status,
            testId: 'commitment-pct',
          },
          {
            label: M.gross,
            value: formatPct(detail.grossPct),
            hint: formatTry(detail.grossTry, 0),
          },
          { label: M.hedgeDeduction, value: formatTry(detail.hedgeDeductionTry, 0) },
          {
            label: M.limit,
            value: formatPct(detail.limitPct),
            hint: `${M.nav}: ${formatTry(detail.navTry, 0)}`,
          },
          { label: M.usage, value: formatPct(detail.usage, 1), tone: detail.status },
        ]}
      />
      <LimitStatusBadge status={detail.status} />
      <Section title={M.chartTitle}>
        <EChart option={leverageChart(detail).option} height={160} ariaLabel={M.chartTitle} />
      </Section>
      {detail.positions.length === 0 && <Alert color="gray">{M.noDerivatives}</Alert>}
      {Object.entries(tables)
        .filter(([name]) => name !== 'summary')
        .map(([name, table]) => (
          <ResultTablePanel
            key={name}
            runId={run.id}
            name={name}
            table={table}
            rows={table.rows.filter(
              (r) =>
                r['portfolioCode'] === undefined || r['portfolioCode'] === detail.portfolioCode,
            )}
          />
        ))}
    </Stack>
  );
}
