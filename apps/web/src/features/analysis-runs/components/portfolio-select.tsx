import { Button, Group as Row, MultiSelect, Select, Text } from '@mantine/core';
import type { PortfolioSummary } from '@fonrisk/contracts';
import { usePortfolios } from '../../../components/holdings/api/get-portfolios.ts';
import { DateField } from '../../../components/dates/date-field.tsx';
import { PeriodFields, type PeriodState } from '../../../components/dates/period-fields.tsx';
import { ANALYSIS_MESSAGES } from '../messages.ts';

type Group = { group: string; items: { value: string; label: string }[] };

/** Funds, customer portfolios and unified portfolios as grouped options ("KOD · Ad"); only portfolios with holdings. */
export function portfolioOptions(all: readonly PortfolioSummary[]): Group[] {
  const groups: [string, PortfolioSummary['kind']][] = [
    [ANALYSIS_MESSAGES.groupFunds, 'fund'],
    [ANALYSIS_MESSAGES.groupUnified, 'unified'],
    [ANALYSIS_MESSAGES.groupCustomers, 'customer'],
  ];
  return groups
    .map(([group, kind]) => ({
      group,
      items: all
        .filter((p) => p.kind === kind && p.dateCount > 0)
        .map((p) => ({ value: p.code, label: `${p.code} · ${p.name}` })),
    }))
    .filter((g) => g.items.length > 0);
}

/** Every portfolio the analyses can use (one query, all kinds). */
export function useAnalysisPortfolios() {
  return usePortfolios();
}

interface MultiProps {
  readonly value: string[];
  readonly onChange: (codes: string[]) => void;
  readonly error?: string | undefined;
  readonly label?: string;
}

/**
 * The picked portfolios' box grows to this height (px, some four rows of pills) and then scrolls:
 * a house's hundred funds would otherwise push the form's other fields a screen down.
 */
const PICKED_MAX_HEIGHT = 124;

/** The codes of a group added to the picked ones, in the list's order, none twice. */
export function withGroup(value: readonly string[], group: Group): string[] {
  const picked = new Set(value);
  return [...value, ...group.items.map((i) => i.value).filter((code) => !picked.has(code))];
}

/**
 * Portfolios picked one by one (searchable), or a whole group at once ("Tüm fonlar (100)"): a
 * large house runs its analyses over every fund, which were a hundred clicks.
 */
export function PortfolioMultiSelect({ value, onChange, error, label }: MultiProps) {
  const portfolios = useAnalysisPortfolios();
  const groups = portfolioOptions(portfolios.data ?? []);
  const picked = new Set(value);
  return (
    <MultiSelect
      label={label ?? ANALYSIS_MESSAGES.portfolios}
      placeholder={value.length === 0 ? ANALYSIS_MESSAGES.portfolioPlaceholder : undefined}
      data={groups}
      value={value}
      onChange={onChange}
      error={error}
      searchable
      clearable
      hidePickedOptions
      maxDropdownHeight={320}
      comboboxProps={{ withinPortal: true }}
      styles={{ input: { maxHeight: PICKED_MAX_HEIGHT, overflowY: 'auto' } }}
      inputContainer={(input) => (
        <>
          {input}
          <Row gap={4} mt={4} data-testid="portfolio-groups">
            {groups
              .filter((g) => g.items.length > 1)
              .map((g) => (
                <Button
                  key={g.group}
                  size="compact-xs"
                  variant="subtle"
                  disabled={g.items.every((i) => picked.has(i.value))}
                  onClick={() => onChange(withGroup(value, g))}
                >
                  {ANALYSIS_MESSAGES.pickGroup(g.group, g.items.length)}
                </Button>
              ))}
            {value.length > 1 && (
              <Text size="xs" c="dimmed" data-testid="portfolio-picked-count">
                {ANALYSIS_MESSAGES.pickedCount(value.length)}
              </Text>
            )}
          </Row>
        </>
      )}
      data-testid="portfolio-multiselect"
    />
  );
}

interface SingleProps {
  readonly value: string | null;
  readonly onChange: (code: string | null) => void;
  readonly error?: string | undefined;
  readonly label?: string;
  readonly clearable?: boolean;
  readonly placeholder?: string;
  readonly w?: number;
}

export function PortfolioSelect({
  value,
  onChange,
  error,
  label,
  clearable,
  placeholder,
  w,
}: SingleProps) {
  const portfolios = useAnalysisPortfolios();
  return (
    <Select
      label={label ?? ANALYSIS_MESSAGES.portfolio}
      placeholder={placeholder ?? ANALYSIS_MESSAGES.portfolioPlaceholder}
      data={portfolioOptions(portfolios.data ?? [])}
      value={value}
      onChange={onChange}
      error={error}
      searchable
      clearable={clearable}
      w={w}
      maxDropdownHeight={320}
      comboboxProps={{ withinPortal: true }}
      data-testid="portfolio-select"
    />
  );
}

/** The latest holdings date of a portfolio, or null. */
export function latestDateOf(
  all: readonly PortfolioSummary[] | undefined,
  code: string | null,
): string | null {
  return all?.find((p) => p.code === code)?.lastDate ?? null;
}

interface PortfoliosDateState {
  readonly portfolioCodes: string[];
  readonly asOfDate: string;
}

type PortfoliosDateField = 'portfolioCodes' | 'asOfDate';

interface ChooserProps<S extends PortfoliosDateState, F extends string> {
  readonly state: S;
  readonly onChange: (patch: Partial<S>) => void;
  readonly errors: Partial<Record<F, string>>;
  /** The portfolio field's name on this screen when it is not "Portföyler" (e.g. "Fonlar"). */
  readonly label?: string;
}

/**
 * The portfolios of a run form. Choosing portfolios while the date is still empty fills it with
 * the first portfolio's latest holdings date.
 */
function RunPortfolios({
  state,
  onChange,
  errors,
  label,
}: ChooserProps<PortfoliosDateState, PortfoliosDateField>) {
  const portfolios = useAnalysisPortfolios();
  return (
    <PortfolioMultiSelect
      label={label}
      value={state.portfolioCodes}
      onChange={(codes) => {
        const latest = latestDateOf(portfolios.data, codes[0] ?? null);
        onChange({
          portfolioCodes: codes,
          ...(state.asOfDate === '' && latest ? { asOfDate: latest } : {}),
        });
      }}
      error={errors.portfolioCodes}
    />
  );
}

interface PortfoliosDateProps extends ChooserProps<PortfoliosDateState, PortfoliosDateField> {
  /** The date's own name on this screen ("Hesap tarihi", "Analiz tarihi"...). */
  readonly asOfLabel: string;
}

/** Portfolios and the one date they are analysed on (the latest holdings date once chosen). */
export function PortfoliosAndDate({ asOfLabel, ...props }: PortfoliosDateProps) {
  const { state, onChange, errors } = props;
  return (
    <>
      <RunPortfolios {...props} />
      <DateField
        label={asOfLabel}
        value={state.asOfDate}
        onChange={(asOfDate) => onChange({ asOfDate })}
        error={errors.asOfDate}
      />
    </>
  );
}

interface PortfoliosPeriodState extends PeriodState {
  readonly portfolioCodes: string[];
}

interface PortfoliosPeriodProps extends ChooserProps<
  PortfoliosPeriodState,
  PortfoliosDateField | 'fromDate' | 'toDate'
> {
  readonly asOfLabel: string;
}

/** Portfolios, then one date or a range (see PeriodFields). */
export function PortfoliosAndPeriod({ asOfLabel, ...props }: PortfoliosPeriodProps) {
  const { state, onChange, errors } = props;
  return (
    <>
      <RunPortfolios {...props} />
      <PeriodFields state={state} onChange={onChange} errors={errors} asOfLabel={asOfLabel} />
    </>
  );
}
