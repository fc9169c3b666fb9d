import { Stack, Text } from '@mantine/core';
import { FigureCards, Section } from '../../analysis-runs/components/figures.tsx';
import { formatPct } from '../../analysis-runs/components/format.ts';
import { ResultChartPanel } from '../../analysis-runs/components/result-chart-panel.tsx';
import {
  PortfolioPicker,
  usePickedPortfolio,
} from '../../analysis-runs/components/portfolio-picker.tsx';
import { RunTablePanel } from '../../analysis-runs/components/run-table-panel.tsx';
import type { ResultViewProps } from '../../analysis-runs/components/result-screen.tsx';
import { formatDate } from '../../../lib/format.ts';
import { ACTIVE_SHARE_MESSAGES as M } from '../messages.ts';

const weightStyle = (r: Record<string, unknown>): Record<string, string> | undefined => {
  const w = r['activeWeight'];
  if (typeof w !== 'number' || Math.abs(w) < 1e-9) return undefined;
  return { background: w > 0 ? '#ebfbee' : '#fff5f5' };
};

/** The result of an 'active-share' run: summary, one fund's figures, charts and active weights. */
export function ActiveShareResultView({ run, result }: ResultViewProps<'active-share'>) {
  const { detail: fund, setCode, rowsOf: forFund } = usePickedPortfolio(result.funds);
  const tables = result.tables;
  const history = result.charts['history'];
  const sectors = fund ? result.charts[`sectors:${fund.portfolioCode}`] : undefined;
  return (
    <Stack gap="md" data-testid="active-share-result">
      <RunTablePanel runId={run.id} tables={tables} name="summary" />
      <PortfolioPicker label={M.fund} parts={result.funds} value={fund} onChange={setCode} />
      {fund && (
        <FigureCards
          cols={4}
          figures={[
            {
              label: M.activeShare,
              value: formatPct(fund.activeShare),
              hint: M.activeShareHint(fund.benchmarkCode, formatDate(fund.holdingsDate)),
              testId: 'active-share-figure',
            },
            {
              label: M.sectorActiveShare,
              value: formatPct(fund.sectorActiveShare),
              hint: M.sectorActiveShareHint,
            },
            {
              label: M.trackingError,
              value: fund.trackingError === null ? M.none : formatPct(fund.trackingError),
              hint: M.trackingErrorHint(fund.observations),
            },
            {
              label: M.informationRatio,
              value:
                fund.informationRatio === null
                  ? M.none
                  : fund.informationRatio.toLocaleString('tr-TR', { maximumFractionDigits: 2 }),
              hint:
                fund.activePremium === null
                  ? undefined
                  : M.informationRatioHint(formatPct(fund.activePremium)),
            },
          ]}
        />
      )}
      {fund && fund.notes.length > 0 && (
        <Section title={M.notes}>
          {fund.notes.map((n) => (
            <Text key={n} size="xs">
              {n}
            </Text>
          ))}
        </Section>
      )}
      {sectors && (
        <ResultChartPanel
          runId={run.id}
          chart={sectors}
          tableName="sectors"
          height={Math.max(220, 32 * (fund?.sectors.length ?? 0))}
          testId="active-share-sectors-chart"
        />
      )}
      {history && (
        <ResultChartPanel
          runId={run.id}
          chart={history}
          tableName="history"
          height={280}
          testId="active-share-history-chart"
        />
      )}
      <RunTablePanel
        runId={run.id}
        tables={tables}
        name="securities"
        rows={forFund}
        rowStyle={weightStyle}
      />
      <RunTablePanel
        runId={run.id}
        tables={tables}
        name="sectors"
        rows={forFund}
        rowStyle={weightStyle}
      />
    </Stack>
  );
}
