import { useMemo, useState } from 'react';
import { Alert, Grid, Group, List, Paper, Select, Stack, Tabs, Text } from '@mantine/core';
import {
  varPortfolioCharts,
  varSeriesChart,
  type ResultChart,
  type VarBreakdownRow,
  type VarPortfolioDetail,
  type VarResult,
} from '@fonrisk/contracts';
import { EChart } from '../../../components/charts/echart.tsx';
import {
  FigureCards,
  LimitStatusBadge,
  Section,
  statusRowStyle,
} from '../../analysis-runs/components/figures.tsx';
import { formatPct, formatTry } from '../../analysis-runs/components/format.ts';
import { APPROACH_LABELS } from '../../analysis-runs/components/method-text.ts';
import { ParametersPanel } from '../../analysis-runs/components/parameters-panel.tsx';
import { ResultTablePanel } from '../../analysis-runs/components/result-table.tsx';
import {
  VAR_CHANGE_MESSAGES,
  VarChangeSection,
} from '../../analysis-runs/components/var-change-section.tsx';
import type { ResultViewProps } from '../../analysis-runs/components/result-screen.tsx';
import { useVarSettings } from '../../analysis-runs/api/get-var-settings.ts';
import { formatDate } from '../../../lib/format.ts';
import { VAR_MESSAGES } from '../messages.ts';

/** The result of a 'var' run: key figures and limit per portfolio, breakdowns, positions, P&L histogram, time series. */
export function VarResultView({ run, result }: ResultViewProps<'var'>) {
  const [code, setCode] = useState(result.portfolios[0]?.portfolioCode ?? null);
  const detail = result.portfolios.find((p) => p.portfolioCode === code) ?? result.portfolios[0];
  const isSeries = result.series.length > result.portfolios.length;
  const tables = result.tables;
  return (
    <Stack gap="md" data-testid="var-result">
      <ParametersPanel parameters={result.parameters} />
      {result.portfolios.length > 1 && tables['summary'] && (
        <ResultTablePanel
          runId={run.id}
          name="summary"
          table={tables['summary']}
          rowStyle={(r) => statusRowStyle(r['status'])}
        />
      )}
      {result.portfolios.length > 1 && (
        <Select
          label={VAR_MESSAGES.portfolioTab}
          data={result.portfolios.map((p) => ({
            value: p.portfolioCode,
            label: `${p.portfolioCode} · ${p.portfolioName}`,
          }))}
          value={detail?.portfolioCode ?? null}
          onChange={setCode}
          allowDeselect={false}
          w={380}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      {detail && (
        <PortfolioDetail runId={run.id} detail={detail} result={result} isSeries={isSeries} />
      )}
    </Stack>
  );
}

const byCode = (code: string) => (row: Record<string, unknown>) => row['portfolioCode'] === code;

function PortfolioDetail({
  runId,
  detail,
  result,
  isSeries,
}: {
  runId: string;
  detail: VarPortfolioDetail;
  result: VarResult;
  isSeries: boolean;
}) {
  const settings = useVarSettings();
  const warning = (settings.data?.settings.warningThresholdPct ?? 80) / 100;
  const tables = result.tables;
  const charts = useMemo(() => varPortfolioCharts(detail, warning), [detail, warning]);
  const seriesChart = useMemo(() => varSeriesChart(result), [result]);
  const rowsOf = (name: string) => tables[name]?.rows.filter(byCode(detail.portfolioCode));
  return (
    <Stack gap="md">
      <Group gap="xs">
        <Text fw={700} size="lg">{`${detail.portfolioCode} · ${detail.portfolioName}`}</Text>
        <Text c="dimmed">{formatDate(detail.date)}</Text>
        <LimitStatusBadge status={detail.status} />
      </Group>
      <Grid gutter="sm">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <FigureCards
            cols={3}
            figures={[
              {
                label: VAR_MESSAGES.varTry,
                value: formatTry(detail.varTry, 0),
                hint: `${formatPct(detail.varPct)} FTD`,
                tone: detail.status,
                testId: 'var-try',
              },
              {
                label: VAR_MESSAGES.varPct,
                value: formatPct(detail.varPct),
                hint: APPROACH_LABELS[detail.approach],
                testId: 'var-pct',
              },
              {
                label: VAR_MESSAGES.esTry,
                value: formatTry(detail.esTry, 0),
                hint: `${formatPct(detail.esPct)} FTD`,
                testId: 'es-try',
              },
              { label: VAR_MESSAGES.nav, value: formatTry(detail.navTry, 0) },
              {
                label: VAR_MESSAGES.limit,
                value: detail.limitPct === null ? VAR_MESSAGES.noLimit : formatPct(detail.limitPct),
                hint:
                  detail.referenceVarPct === null
                    ? undefined
                    : VAR_MESSAGES.referenceVar(formatPct(detail.referenceVarPct)),
                testId: 'var-limit',
              },
              {
                label: VAR_MESSAGES.usage,
                value: formatPct(detail.usage, 1),
                tone: detail.status,
                testId: 'var-usage',
              },
            ]}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Paper withBorder radius="md" p={4} h="100%">
            <EChart option={charts.gauge.option} height={190} ariaLabel={charts.gauge.title} />
          </Paper>
        </Grid.Col>
      </Grid>
      <Tabs defaultValue="breakdown" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="breakdown">{VAR_MESSAGES.tabBreakdown}</Tabs.Tab>
          <Tabs.Tab value="positions">{VAR_MESSAGES.tabPositions}</Tabs.Tab>
          <Tabs.Tab value="histogram">{VAR_MESSAGES.tabHistogram}</Tabs.Tab>
          <Tabs.Tab value="unmapped">{`${VAR_MESSAGES.tabUnmapped} (${detail.unmapped.length})`}</Tabs.Tab>
          {isSeries && <Tabs.Tab value="series">{VAR_MESSAGES.tabSeries}</Tabs.Tab>}
          <Tabs.Tab value="change">{VAR_CHANGE_MESSAGES.title}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="breakdown" pt="md">
          <Stack gap="md">
            <Breakdown
              runId={runId}
              charts={charts.byAssetClass}
              rows={detail.byAssetClass}
              table="assetClass"
              result={result}
              code={detail.portfolioCode}
            />
            <Breakdown
              runId={runId}
              charts={charts.byCurrency}
              rows={detail.byCurrency}
              table="currency"
              result={result}
              code={detail.portfolioCode}
            />
            <Breakdown
              runId={runId}
              charts={charts.byRiskFactor}
              rows={detail.byRiskFactor}
              table="riskFactor"
              result={result}
              code={detail.portfolioCode}
            />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="positions" pt="md">
          {tables['positions'] && (
            <ResultTablePanel
              runId={runId}
              name="positions"
              table={tables['positions']}
              rows={rowsOf('positions')}
              height={460}
            />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="histogram" pt="md">
          <Section title={charts.histogram.title}>
            <EChart
              option={charts.histogram.option}
              height={360}
              ariaLabel={VAR_MESSAGES.tabHistogram}
            />
          </Section>
        </Tabs.Panel>
        <Tabs.Panel value="unmapped" pt="md">
          <Stack gap="sm">
            {detail.unmapped.length === 0 ? (
              <Alert color="green">{VAR_MESSAGES.unmappedNone}</Alert>
            ) : (
              <>
                <Alert color="orange">
                  {VAR_MESSAGES.unmappedTotal(formatPct(detail.unmappedWeight))}
                </Alert>
                {tables['unmapped'] && (
                  <ResultTablePanel
                    runId={runId}
                    name="unmapped"
                    table={tables['unmapped']}
                    rows={rowsOf('unmapped')}
                  />
                )}
              </>
            )}
            {detail.approximations.length > 0 && (
              <Section title={VAR_MESSAGES.approximations}>
                <List size="sm">
                  {detail.approximations.map((a) => (
                    <List.Item key={a.instrumentCode}>{`${a.instrumentCode}: ${a.note}`}</List.Item>
                  ))}
                </List>
              </Section>
            )}
          </Stack>
        </Tabs.Panel>
        {isSeries && (
          <Tabs.Panel value="series" pt="md">
            <Stack gap="md">
              <Section title={seriesChart.title}>
                <EChart option={seriesChart.option} height={340} ariaLabel={seriesChart.title} />
              </Section>
              {tables['series'] && (
                <ResultTablePanel
                  runId={runId}
                  name="series"
                  table={tables['series']}
                  rowStyle={(r) => statusRowStyle(r['status'])}
                />
              )}
            </Stack>
          </Tabs.Panel>
        )}
        <Tabs.Panel value="change" pt="md">
          <VarChangeSection portfolioCode={detail.portfolioCode} to={detail.date} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function Breakdown({
  runId,
  charts,
  rows,
  table,
  result,
  code,
}: {
  runId: string;
  charts: { component: ResultChart; weight: ResultChart };
  rows: readonly VarBreakdownRow[];
  table: string;
  result: VarResult;
  code: string;
}) {
  const t = result.tables[table];
  return (
    <Grid gutter="sm">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Section title={charts.component.title}>
          <EChart
            option={charts.component.option}
            height={Math.max(160, rows.length * 32 + 30)}
            ariaLabel={charts.component.title}
          />
        </Section>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Section title={charts.weight.title}>
          <EChart
            option={charts.weight.option}
            height={Math.max(160, rows.length * 32 + 30)}
            ariaLabel={charts.weight.title}
          />
        </Section>
      </Grid.Col>
      {t && (
        <Grid.Col span={12}>
          <ResultTablePanel
            runId={runId}
            name={table}
            table={t}
            rows={t.rows.filter(byCode(code))}
          />
        </Grid.Col>
      )}
    </Grid>
  );
}
