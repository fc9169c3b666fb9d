import { useState } from 'react';
import { Alert, Group, Select, Stack } from '@mantine/core';
import {
  EXPOSURE_DIMENSIONS,
  EXPOSURE_DIMENSION_LABELS,
  type ConcentrationFund,
  type ExposureDimension,
} from '@fonrisk/contracts';
import { FigureCards } from '../../analysis-runs/components/figures.tsx';
import { formatPct } from '../../analysis-runs/components/format.ts';
import { ResultChartPanel } from '../../analysis-runs/components/report-parts.tsx';
import {
  PortfolioHeading,
  PortfolioPicker,
  usePickedPortfolio,
} from '../../analysis-runs/components/portfolio-picker.tsx';
import { RunTablePanel } from '../../analysis-runs/components/run-table-panel.tsx';
import type { ResultViewProps } from '../../analysis-runs/components/result-screen.tsx';
import { CONCENTRATION_MESSAGES as M } from '../messages.ts';

/** Breaches red, internal-limit excesses amber, rows near their limit light yellow. */
function checkRowStyle(r: Record<string, unknown>): Record<string, string> | undefined {
  if (r['status'] === 'breach') return { background: '#ffe3e3' };
  if (r['status'] === 'warning') return { background: '#fff3bf' };
  if (r['status'] === 'near') return { background: '#fff9db' };
  return undefined;
}

/** The result of a 'concentration-risk' run: summary, then one fund's checks and exposures. */
export function ConcentrationRiskResultView({
  run,
  result,
}: ResultViewProps<'concentration-risk'>) {
  const [dimension, setDimension] = useState<ExposureDimension>('issuer');
  const { detail, setCode, rowsOf: ofFund } = usePickedPortfolio(result.funds);
  const tables = result.tables;
  const top10 = detail ? result.charts[`top10:${detail.portfolioCode}`] : undefined;
  const classes = detail ? result.charts[`assetClass:${detail.portfolioCode}`] : undefined;
  return (
    <Stack gap="md" data-testid="concentration-result">
      <RunTablePanel runId={run.id} tables={tables} name="summary" rowStyle={checkRowStyle} />
      <PortfolioPicker label={M.fund} parts={result.funds} value={detail} onChange={setCode} />
      {detail && <FundFigures fund={detail} />}
      <RunTablePanel
        runId={run.id}
        tables={tables}
        name="checks"
        rows={ofFund}
        rowStyle={checkRowStyle}
      />
      <Group grow align="flex-start">
        {top10 && <ResultChartPanel chart={top10} />}
        {classes && <ResultChartPanel chart={classes} />}
      </Group>
      <RunTablePanel runId={run.id} tables={tables} name="top10" rows={ofFund} />
      <Select
        label={M.dimension}
        data={EXPOSURE_DIMENSIONS.map((d) => ({ value: d, label: EXPOSURE_DIMENSION_LABELS[d] }))}
        value={dimension}
        onChange={(v) => {
          if (v !== null) setDimension(v as ExposureDimension);
        }}
        allowDeselect={false}
        w={260}
        comboboxProps={{ withinPortal: true }}
      />
      <RunTablePanel
        runId={run.id}
        tables={tables}
        name="exposures"
        rows={(all) => ofFund(all).filter((r) => r['dimensionKey'] === dimension)}
      />
      {/* Derivatives at their underlying exposure, the delta-1 notional beside it (decision 0051). */}
      {tables['derivatives'] !== undefined && tables['derivatives'].rows.length > 0 && (
        <RunTablePanel runId={run.id} tables={tables} name="derivatives" rows={ofFund} />
      )}
      <RunTablePanel runId={run.id} tables={tables} name="hhi" rows={ofFund} />
      {result.charts['hhi'] && <ResultChartPanel chart={result.charts['hhi']} />}
    </Stack>
  );
}

function FundFigures({ fund }: { fund: ConcentrationFund }) {
  const issuer = fund.hhi.find((h) => h.dimension === 'issuer');
  const warnings = fund.checks.filter((c) => c.status === 'warning').length;
  const near = fund.checks.filter((c) => c.status === 'near').length;
  const issuerChecks = fund.checks.filter((c) => c.code === 'SPK-TEK-IHRACCI');
  const largest = issuerChecks.length > 0 ? Math.max(...issuerChecks.map((c) => c.value)) : null;
  return (
    <Stack gap="sm">
      <PortfolioHeading part={fund} date={fund.date} />
      <FigureCards
        cols={4}
        figures={[
          {
            label: M.issuerHhi,
            value:
              issuer?.hhiPoints == null
                ? '–'
                : issuer.hhiPoints.toLocaleString('tr-TR', { maximumFractionDigits: 0 }),
            hint: M.issuerHhiHint(
              issuer?.effectiveN == null
                ? '–'
                : issuer.effectiveN.toLocaleString('tr-TR', { maximumFractionDigits: 1 }),
            ),
            testId: 'concentration-hhi',
          },
          { label: 'En büyük ihraççı (limitli)', value: formatPct(largest) },
          {
            label: M.breaches,
            value: String(fund.breaches),
            hint: M.warnings(warnings, near),
            tone: fund.breaches > 0 ? 'breach' : warnings > 0 ? 'warning' : undefined,
            testId: 'concentration-breaches',
          },
          { label: M.nav, value: fund.nav.toLocaleString('tr-TR', { maximumFractionDigits: 0 }) },
        ]}
      />
      {fund.notes.map((n) => (
        <Alert key={n} color="gray">
          {n}
        </Alert>
      ))}
    </Stack>
  );
}
