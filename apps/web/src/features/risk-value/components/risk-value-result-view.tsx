import { Alert, Badge, Stack, Table, Text } from '@mantine/core';
import { RISK_VALUE_SOURCE_LABELS, riskValueChart, type RiskValueFund } from '@fonrisk/contracts';
import { EChart } from '../../../components/charts/echart.tsx';
import { FigureCards, Section } from '../../analysis-runs/components/figures.tsx';
import { formatPct } from '../../analysis-runs/components/format.ts';
import { ResultTablePanel } from '../../analysis-runs/components/result-table.tsx';
import {
  PortfolioHeading,
  PortfolioPicker,
  usePickedPortfolio,
} from '../../analysis-runs/components/portfolio-picker.tsx';
import { RunTablePanel } from '../../analysis-runs/components/run-table-panel.tsx';
import type { ResultViewProps } from '../../analysis-runs/components/result-screen.tsx';
import { formatDate } from '../../../lib/format.ts';
import { RISK_VALUE_MESSAGES as M } from '../messages.ts';

/** The result of a 'risk-value' run: summary, one fund's class, bands and history. */
export function RiskValueResultView({ run, result }: ResultViewProps<'risk-value'>) {
  const { detail, setCode } = usePickedPortfolio(result.funds);
  const tables = result.tables;
  return (
    <Stack gap="md" data-testid="risk-value-result">
      <RunTablePanel
        runId={run.id}
        tables={tables}
        name="summary"
        rowStyle={(r) =>
          r['differsFromOfficial'] === true || r['labelConsistent'] === false
            ? { background: '#fff9db' }
            : undefined
        }
      />
      <PortfolioPicker label={M.fund} parts={result.funds} value={detail} onChange={setCode} />
      {detail && <FundDetail detail={detail} />}
      {tables['history'] && detail && (
        <ResultTablePanel
          runId={run.id}
          name="history"
          table={tables['history']}
          rows={tables['history'].rows.filter((r) => r['portfolioCode'] === detail.portfolioCode)}
          rowStyle={(r) => (r['changed'] === true ? { background: '#fff4e6' } : undefined)}
        />
      )}
      <RunTablePanel runId={run.id} tables={tables} name="bands" />
    </Stack>
  );
}

function FundDetail({ detail }: { detail: RiskValueFund }) {
  const label = detail.label;
  return (
    <Stack gap="md">
      <PortfolioHeading part={detail} date={detail.asOfDate} />
      <FigureCards
        cols={4}
        figures={[
          {
            label: M.riskValue,
            value: String(detail.riskValue),
            hint: M.riskValueHint(detail.weeklyRiskValue),
            testId: 'risk-value-class',
          },
          {
            label: M.volatility,
            value: formatPct(detail.volatility),
            hint: M.weeks(detail.weeks, detail.benchmarkWeeks),
            testId: 'risk-value-volatility',
          },
          {
            label: M.official,
            value:
              detail.officialTefasRiskValue === null
                ? M.officialNone
                : String(detail.officialTefasRiskValue),
            hint:
              detail.officialTefasDate === null
                ? undefined
                : M.officialDate(
                    formatDate(detail.officialTefasDate),
                    detail.officialTefasSource ?? '',
                  ),
            tone: detail.differsFromOfficial ? 'warning' : undefined,
          },
          detail.allocationRiskValue === null
            ? { label: M.source, value: RISK_VALUE_SOURCE_LABELS[detail.source] }
            : {
                label: M.allocation,
                value: String(detail.allocationRiskValue),
                hint: M.allocationHint(formatPct(detail.allocationVolatility)),
              },
        ]}
      />
      {detail.differsFromOfficial && detail.officialTefasRiskValue !== null && (
        <Alert color="yellow" data-testid="risk-value-differs">
          {M.differs(detail.riskValue, detail.officialTefasRiskValue)}
        </Alert>
      )}
      {label.word !== null && label.minRiskValue !== null && label.maxRiskValue !== null && (
        <Alert color={label.consistent === true ? 'green' : 'red'} data-testid="risk-value-label">
          {label.consistent === true
            ? M.labelOk(label.word, label.minRiskValue, label.maxRiskValue)
            : M.labelBad(label.word, label.minRiskValue, label.maxRiskValue, detail.riskValue)}
        </Alert>
      )}
      <Text size="sm" c="dimmed">
        {RISK_VALUE_SOURCE_LABELS[detail.source]}
      </Text>
      {detail.notes.map((n) => (
        <Alert key={n} color="gray">
          {n}
        </Alert>
      ))}
      <Section title={M.bandsTitle}>
        <Table striped withTableBorder data-testid="risk-value-bands">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{M.band}</Table.Th>
              <Table.Th>{M.range}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {detail.bands.map((b) => (
              <Table.Tr
                key={b.riskValue}
                style={b.current ? { background: '#e7f5ff', fontWeight: 700 } : undefined}
              >
                <Table.Td>{b.riskValue}</Table.Td>
                <Table.Td>
                  {b.upperBound === null
                    ? `${formatPct(b.lowerBound, 0)} ≤ σ`
                    : `${formatPct(b.lowerBound, 0)} ≤ σ < ${formatPct(b.upperBound, 0)}`}
                </Table.Td>
                <Table.Td>
                  {b.current && (
                    <Badge color="blue" variant="light">
                      {`${M.here}: ${formatPct(detail.volatility)}`}
                    </Badge>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text size="xs" c="dimmed" mt={4}>
          {detail.bandSource}
        </Text>
      </Section>
      <Section title={M.historyTitle}>
        <EChart option={riskValueChart(detail).option} height={320} ariaLabel={M.historyTitle} />
      </Section>
    </Stack>
  );
}
