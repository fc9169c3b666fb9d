import { useState } from 'react';
import {
  Alert,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  BOND_SOURCE_LABELS,
  BOND_YIELD_CONVENTION_LABELS,
  DISCOUNT_YIELD_BASIS_LABELS,
  COUPON_TYPE_LABELS,
  DAY_COUNT_LABELS,
  type BondAnalysisResult,
  type BondSource,
  type BondYieldConvention,
  type DiscountYieldBasis,
  type CouponType,
  type DayCount,
  type Run,
} from '@fonrisk/contracts';
import {
  defineResultScreen,
  type ResultViewProps,
} from '../../analysis-runs/components/result-screen.tsx';
import { FigureCards } from '../../analysis-runs/components/figures.tsx';
import { formatPct, formatTry } from '../../analysis-runs/components/format.ts';
import { PortfolioMultiSelect } from '../../analysis-runs/components/portfolio-select.tsx';
import {
  ExportReportButton,
  ResultChartPanel,
  ResultTablesList,
} from '../../analysis-runs/components/report-parts.tsx';
import { RunResultsPage } from '../../analysis-runs/components/run-results-page.tsx';
import { RunScreen } from '../../analysis-runs/components/run-screen.tsx';
import { useRunForm } from '../../analysis-runs/components/use-run-form.tsx';
import { DateField } from '../../../components/dates/date-field.tsx';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { useBondInstruments } from '../api/get-bond-instruments.ts';
import { BOND_ANALYSIS_MESSAGES as M } from '../messages.ts';
import { INITIAL_BOND_FORM, validateBondForm, type QuoteKind } from './bond-form.ts';

const SOURCES: BondSource[] = ['instrument', 'manual', 'portfolio'];

/** `bond-analysis`: a bond of the master, a typed bond or the bonds of portfolios -> the analysis. */
/** Select options of a label table (value = key, label = Turkish text). */
function selectOptions(
  labels: Readonly<Record<string, string>>,
): { value: string; label: string }[] {
  return Object.entries(labels).map(([value, label]) => ({ value, label }));
}

export function BondAnalysisPage() {
  const form = useRunForm('bond-analysis', () => INITIAL_BOND_FORM, validateBondForm);
  const bonds = useBondInstruments();
  const { state: s, change, errors } = form;
  const chosen = bonds.find((b) => b.code === s.instrumentCode);
  const couponType =
    s.source === 'manual'
      ? s.couponType
      : chosen?.terms.kind === 'bond'
        ? chosen.terms.couponType
        : null;
  return (
    <RunScreen form={form} messages={M} screen={bondAnalysisResultScreen}>
      <SegmentedControl
        fullWidth
        data={SOURCES.map((v) => ({ value: v, label: BOND_SOURCE_LABELS[v] }))}
        value={s.source}
        onChange={(v) => change({ source: v as BondSource })}
        aria-label={M.source}
      />
      {s.source === 'instrument' && (
        <Select
          label={M.instrument}
          data={bonds.map((b) => ({ value: b.code, label: `${b.code} · ${b.name}` }))}
          value={s.instrumentCode}
          onChange={(instrumentCode) => change({ instrumentCode })}
          error={errors.instrumentCode}
          searchable
          maxDropdownHeight={320}
          comboboxProps={{ withinPortal: true }}
          data-testid="bond-select"
        />
      )}
      {s.source === 'portfolio' && (
        <PortfolioMultiSelect
          label={M.portfolios}
          value={s.portfolioCodes}
          onChange={(portfolioCodes) => change({ portfolioCodes })}
          error={errors.portfolioCodes}
        />
      )}
      {s.source === 'manual' && (
        <SimpleGrid cols={2} spacing="xs">
          <Select
            label={M.couponType}
            data={Object.entries(COUPON_TYPE_LABELS).map(([value, label]) => ({ value, label }))}
            value={s.couponType}
            onChange={(v) => change({ couponType: (v ?? 'fixed') as CouponType })}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <NumberInput
            label={M.couponRatePct}
            value={s.couponRatePct}
            onChange={(v) => change({ couponRatePct: typeof v === 'number' ? v : '' })}
            decimalSeparator=","
            disabled={s.couponType === 'discount'}
            error={errors['bond.couponRatePct']}
          />
          <Select
            label={M.couponFrequency}
            data={['1', '2', '4', '12']}
            value={s.couponFrequency}
            onChange={(v) => change({ couponFrequency: v ?? '2' })}
            disabled={s.couponType === 'discount'}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label={M.dayCount}
            data={Object.entries(DAY_COUNT_LABELS).map(([value, label]) => ({ value, label }))}
            value={s.dayCount}
            onChange={(v) => change({ dayCount: (v ?? 'ACT/ACT') as DayCount })}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <DateField
            label={M.issueDate}
            value={s.issueDate}
            onChange={(issueDate) => change({ issueDate })}
            error={errors['bond.issueDate']}
          />
          <DateField
            label={M.maturityDate}
            value={s.maturityDate}
            onChange={(maturityDate) => change({ maturityDate })}
            error={errors['bond.maturityDate']}
          />
          {(s.couponType === 'floating' || s.couponType === 'cpiLinked') && (
            <>
              <TextInput
                label={M.referenceIndex}
                value={s.referenceIndex}
                onChange={(e) => change({ referenceIndex: e.currentTarget.value })}
                error={errors['bond.referenceIndex']}
              />
              <NumberInput
                label={M.spreadBp}
                value={s.spreadBp}
                onChange={(v) => change({ spreadBp: typeof v === 'number' ? v : '' })}
                decimalSeparator=","
              />
            </>
          )}
        </SimpleGrid>
      )}
      <DateField
        label={M.asOfDate}
        value={s.asOfDate}
        onChange={(asOfDate) => change({ asOfDate })}
        error={errors.asOfDate}
      />
      {s.source !== 'portfolio' && (
        <>
          <SegmentedControl
            fullWidth
            data={[
              ...(s.source === 'instrument' ? [{ value: 'market', label: M.quoteMarket }] : []),
              { value: 'yield', label: M.quoteYield },
              { value: 'price', label: M.quotePrice },
            ]}
            value={s.source === 'manual' && s.quoteKind === 'market' ? 'yield' : s.quoteKind}
            onChange={(v) => change({ quoteKind: v as QuoteKind })}
            aria-label={M.quoteKind}
          />
          {(s.quoteKind !== 'market' || s.source === 'manual') && (
            <NumberInput
              label={s.quoteKind === 'price' ? M.cleanPrice : M.yieldPct}
              value={s.quoteValue}
              onChange={(v) =>
                change({
                  quoteValue: typeof v === 'number' ? v : '',
                  ...(s.quoteKind === 'market' ? { quoteKind: 'yield' as const } : {}),
                })
              }
              decimalSeparator=","
              error={errors.yieldPct ?? errors.cleanPrice}
              data-testid="quote-input"
            />
          )}
          {couponType === 'floating' && (
            <NumberInput
              label={M.indexRatePct}
              value={s.indexRatePct}
              onChange={(v) => change({ indexRatePct: typeof v === 'number' ? v : '' })}
              decimalSeparator=","
            />
          )}
          {couponType === 'cpiLinked' && (
            <NumberInput
              label={M.indexRatio}
              value={s.indexRatio}
              onChange={(v) => change({ indexRatio: typeof v === 'number' ? v : '' })}
              decimalSeparator=","
              decimalScale={6}
            />
          )}
        </>
      )}
      <Select
        label={M.convention}
        placeholder={M.conventionDefault}
        data={selectOptions(BOND_YIELD_CONVENTION_LABELS)}
        value={s.convention}
        onChange={(v) => change({ convention: v as BondYieldConvention | null })}
        clearable
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label={M.discountYieldBasis}
        description={M.discountYieldBasisHint}
        data={selectOptions(DISCOUNT_YIELD_BASIS_LABELS)}
        value={s.discountYieldBasis}
        onChange={(v) => v !== null && change({ discountYieldBasis: v as DiscountYieldBasis })}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        data-testid="bond-discount-basis"
      />
    </RunScreen>
  );
}

/** The 'bond-analysis' result screen: the view of a done run on the run and result screens. */
export const bondAnalysisResultScreen = defineResultScreen({
  analysisType: 'bond-analysis',
  subtitle: M.resultSubtitle,
  describeInputs: (i) =>
    typeof i['source'] === 'string' && i['source'] in BOND_SOURCE_LABELS
      ? BOND_SOURCE_LABELS[i['source'] as BondSource]
      : '–',
  View: BondAnalysisView,
});

/** `bond-analysis-result` */
export function BondAnalysisResultPage() {
  return <RunResultsPage screen={bondAnalysisResultScreen} />;
}

export function BondAnalysisView({ run, result }: ResultViewProps<'bond-analysis'>) {
  return <BondResult run={run} result={result} />;
}

function BondResult({ run, result }: { run: Run; result: BondAnalysisResult }) {
  const [portfolioCode, setPortfolioCode] = useState<string | null>(null);
  const [bondCode, setBondCode] = useState<string | null>(null);
  const portfolio =
    result.portfolios.find((p) => p.portfolioCode === portfolioCode) ??
    result.portfolios[0] ??
    null;
  const bonds = portfolio
    ? result.bonds.filter((b) => b.portfolioCode === portfolio.portfolioCode)
    : result.bonds;
  const bond = bonds.find((b) => b.instrumentCode === bondCode) ?? bonds[0] ?? null;
  const fmt = (x: number, d = 4) => formatNumber(x, d);
  const forPortfolio = (_: string, rows: Record<string, unknown>[]) =>
    portfolio ? rows.filter((r) => r['portfolioCode'] === portfolio.portfolioCode) : rows;
  const forBond = (_: string, rows: Record<string, unknown>[]) =>
    bond ? rows.filter((r) => r['instrumentCode'] === bond.instrumentCode) : rows;
  return (
    <Stack gap="md" data-testid="bond-analysis-result">
      <ExportReportButton runId={run.id} label={M.exportReport} />
      {portfolio && (
        <>
          {result.portfolios.length > 1 && (
            <Select
              label={M.portfolio}
              data={result.portfolios.map((p) => ({
                value: p.portfolioCode,
                label: `${p.portfolioCode} · ${p.portfolioName}`,
              }))}
              value={portfolio.portfolioCode}
              onChange={setPortfolioCode}
              allowDeselect={false}
              w={380}
              comboboxProps={{ withinPortal: true }}
            />
          )}
          <Text fw={700} size="lg">
            {`${portfolio.portfolioCode} · ${portfolio.portfolioName} · ${formatDate(portfolio.asOfDate)}`}
          </Text>
          <FigureCards
            cols={4}
            figures={[
              {
                label: M.weightedDuration,
                value: fmt(portfolio.weightedModifiedDuration, 3),
                testId: 'weighted-duration',
              },
              { label: M.portfolioDv01, value: formatTry(portfolio.dv01Try, 0) },
              {
                label: M.bondValue,
                value: formatTry(portfolio.bondValueTry, 0),
                hint: formatPct(
                  portfolio.navTry ? portfolio.bondValueTry / portfolio.navTry : null,
                ),
              },
              {
                label: M.shift100,
                value: formatTry(
                  portfolio.shifts.find((x) => x.shiftBp === 100)?.fullRevaluationTry,
                  0,
                ),
              },
            ]}
          />
          {portfolio.skipped.length > 0 && (
            <Alert color="yellow">{M.skipped(portfolio.skipped.length)}</Alert>
          )}
          {(['buckets', 'shifts'] as const).map((k) => {
            const chart = result.charts[`${k}:${portfolio.portfolioCode}`];
            return chart ? <ResultChartPanel key={k} chart={chart} /> : null;
          })}
          <ResultTablesList
            run={run}
            tables={result.tables}
            names={['buckets', 'shifts', 'bonds', 'skipped']}
            rows={forPortfolio}
          />
          {bonds.length > 1 && (
            <Select
              label={M.bond}
              data={bonds.map((b) => ({
                value: b.instrumentCode,
                label: `${b.instrumentCode} · ${b.name}`,
              }))}
              value={bond?.instrumentCode ?? null}
              onChange={setBondCode}
              allowDeselect={false}
              w={420}
              comboboxProps={{ withinPortal: true }}
            />
          )}
        </>
      )}
      {bond && (
        <>
          <Text
            fw={700}
          >{`${bond.instrumentCode} · ${bond.name} · ${formatDate(bond.settlementDate)} → ${formatDate(bond.maturityDate)}`}</Text>
          <FigureCards
            cols={4}
            figures={[
              {
                label: M.yield,
                value: formatPct(bond.yieldPct / 100),
                hint:
                  bond.discountYieldBasis === null
                    ? undefined
                    : DISCOUNT_YIELD_BASIS_LABELS[bond.discountYieldBasis],
                testId: 'bond-yield',
              },
              { label: M.clean, value: fmt(bond.cleanPrice), testId: 'bond-clean' },
              { label: M.dirty, value: fmt(bond.dirtyPrice) },
              { label: M.accrued, value: fmt(bond.accruedInterest) },
              { label: M.macaulay, value: M.years(fmt(bond.macaulayDuration, 3)) },
              bond.nextResetDate === null
                ? { label: M.modified, value: fmt(bond.modifiedDuration, 3) }
                : {
                    label: M.modifiedToReset,
                    value: fmt(bond.modifiedDuration, 3),
                    hint: M.nextReset(formatDate(bond.nextResetDate)),
                    testId: 'bond-rate-duration',
                  },
              ...(bond.spreadDuration === null
                ? []
                : [
                    {
                      label: M.spreadDuration,
                      value: fmt(bond.spreadDuration, 3),
                      hint: M.spreadDurationHint,
                      testId: 'bond-spread-duration',
                    },
                  ]),
              { label: M.convexity, value: fmt(bond.convexity, 3) },
              {
                label: M.dv01,
                value: fmt(bond.dv01, 5),
                hint:
                  bond.curveSpreadBp === null
                    ? M.dv01Method
                    : `${M.dv01Method}. ${M.curveSpread(fmt(bond.curveSpreadBp, 1))}`,
              },
              ...(bond.indexRatio === null
                ? []
                : [{ label: M.indexRatioFigure, value: fmt(bond.indexRatio, 6) }]),
            ]}
          />
          {(['priceYield', 'keyRates'] as const).map((k) => {
            const chart = result.charts[`${k}:${bond.instrumentCode}`];
            return chart ? <ResultChartPanel key={k} chart={chart} /> : null;
          })}
          <ResultTablesList
            run={run}
            tables={result.tables}
            names={portfolio ? ['cashflows', 'keyRates'] : ['bonds', 'cashflows', 'keyRates']}
            rows={forBond}
          />
        </>
      )}
    </Stack>
  );
}
