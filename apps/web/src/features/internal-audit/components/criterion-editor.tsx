import { useState, type ChangeEvent, type SubmitEvent } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  Grid,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  Select,
  Stack,
  Table,
  TagsInput,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import {
  AUDIT_STATUS_LABELS,
  CRITERION_AGGREGATIONS,
  CRITERION_AGGREGATION_LABELS,
  CRITERION_FILTER_FIELDS,
  CRITERION_FILTER_FIELD_LABELS,
  CRITERION_GROUP_BYS,
  CRITERION_GROUP_BY_LABELS,
  CRITERION_SEVERITY_LABELS,
  DEPOSIT_TREATMENT_LABELS,
  FUND_CATEGORY_LABELS,
  aggregationUnit,
  formatAuditValue,
  type Criterion,
  type CriterionAggregation,
  type CriterionFilterField,
  type DepositTreatment,
  type FundCategory,
} from '@fonrisk/contracts';
import {
  PortfolioMultiSelect,
  PortfolioSelect,
} from '../../analysis-runs/components/portfolio-select.tsx';
import { DateField } from '../../../components/dates/date-field.tsx';
import { FormModal } from '../../../components/ui/form-modal.tsx';
import { formatPct, formatTry } from '../../analysis-runs/components/format.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { toastStore } from '../../../lib/toast.ts';
import { useCriterionVersions } from '../api/get-criteria.ts';
import { useCriterionPreview } from '../api/preview-criterion.ts';
import { useSaveCriterion } from '../api/save-criterion.ts';
import { AUDIT_MESSAGES as M } from '../messages.ts';
import {
  criterionFormOf,
  emptyCriterionForm,
  needsGroupBy,
  needsThreshold,
  validateCriterionForm,
  type CriterionFormState,
  type FilterState,
} from './criterion-form-model.ts';
import { toNumber } from '../../../components/forms/field-values.ts';
import { todayIso } from '../../../components/dates/date-range.ts';

const options = <T extends string>(values: readonly T[], labels: Readonly<Record<T, string>>) =>
  values.map((value) => ({ value, label: labels[value] }));
const STATUS_COLOR = { pass: 'green', warning: 'orange', breach: 'red' } as const;

/** The × that removes one filter row. */
function RemoveButton({ onClick }: { onClick: () => void }) {
  return (
    <ActionIcon variant="subtle" color="red" aria-label={M.removeFilter} onClick={onClick} mb={4}>
      ×
    </ActionIcon>
  );
}

interface Props {
  /** The criterion edited, or null for a new one. */
  readonly criterion: Criterion | null;
  readonly onClose: () => void;
}

/** Create or edit a criterion: the rule's fields, a live preview on a portfolio and date, its versions. */
export function CriterionEditor({ criterion, onClose }: Props) {
  const today = todayIso();
  const [state, setState] = useState<CriterionFormState>(() =>
    criterion ? criterionFormOf(criterion) : emptyCriterionForm(today),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [previewCode, setPreviewCode] = useState<string | null>(null);
  const [previewDate, setPreviewDate] = useState(today);
  const save = useSaveCriterion();
  const change = (patch: Partial<CriterionFormState>): void =>
    setState((s) => ({ ...s, ...patch }));
  const checked = validateCriterionForm(state);
  const preview = useCriterionPreview(
    checked.ok && previewCode !== null && previewDate !== ''
      ? { rule: checked.rule, portfolioCode: previewCode, asOfDate: previewDate }
      : null,
  );
  const unit = aggregationUnit(state.aggregation);
  const unitText = unit === 'fraction' ? M.unitPct : unit === 'count' ? M.unitCount : M.unitDays;

  const submit = (e: SubmitEvent<HTMLFormElement>): void => {
    e.preventDefault();
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    save.mutate(
      { rule: checked.rule, isNew: criterion === null },
      {
        onSuccess: (saved) => {
          toastStore.show('success', M.saved(saved.code, saved.version));
          onClose();
        },
      },
    );
  };
  const err = (path: string): string | undefined => errors[path];
  const removeFilter = (i: number): void =>
    change({ filters: state.filters.filter((_, k) => k !== i) });
  /** A text field of the rule: its label, value, setter and the error of its own path. */
  const textField = (field: 'code' | 'name' | 'group' | 'source') => ({
    label: M[field],
    value: state[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => change({ [field]: e.currentTarget.value }),
    error: err(field),
  });
  /** A decimal field of the measure or comparison ('' while empty) and the error of its path. */
  const numberField = (field: 'thresholdPct' | 'min' | 'max' | 'limit', path: string) => ({
    value: state[field],
    decimalSeparator: ',',
    onChange: (v: string | number) => change({ [field]: toNumber(v) }),
    error: err(path),
  });
  const setFilter = (i: number, f: FilterState): void =>
    change({ filters: state.filters.map((x, k) => (k === i ? f : x)) });

  return (
    <FormModal
      title={criterion ? M.editTitle(criterion.code) : M.newTitle}
      size="xl"
      onSubmit={submit}
      onClose={onClose}
      messages={{ cancel: M.cancel, save: M.save }}
      busy={save.isPending}
    >
      <Grid gutter="sm">
        <Grid.Col span={4}>
          <TextInput {...textField('code')} disabled={criterion !== null} />
        </Grid.Col>
        <Grid.Col span={8}>
          <TextInput {...textField('name')} />
        </Grid.Col>
        <Grid.Col span={4}>
          <TextInput {...textField('group')} />
        </Grid.Col>
        <Grid.Col span={8}>
          <TextInput {...textField('source')} />
        </Grid.Col>
        <Grid.Col span={12}>
          <Textarea
            label={M.description}
            value={state.description}
            autosize
            minRows={1}
            onChange={(e) => change({ description: e.currentTarget.value })}
          />
        </Grid.Col>
      </Grid>

      <Paper withBorder p="sm" radius="md">
        <Text fw={600} size="sm" mb="xs">
          {M.filters}
        </Text>
        <Stack gap="xs">
          {state.filters.map((f, i) =>
            f.kind === 'values' ? (
              <Group key={i} align="flex-end" gap="xs" wrap="nowrap" data-testid={`filter-${i}`}>
                <Select
                  label={M.filterField}
                  w={170}
                  data={options(CRITERION_FILTER_FIELDS, CRITERION_FILTER_FIELD_LABELS)}
                  value={f.field}
                  onChange={(v) => v && setFilter(i, { ...f, field: v as CriterionFilterField })}
                  allowDeselect={false}
                />
                {f.field === 'column' && (
                  <TextInput
                    label={M.filterColumn}
                    w={140}
                    value={f.column}
                    onChange={(e) => setFilter(i, { ...f, column: e.currentTarget.value })}
                    error={err(`filters.${i}.column`)}
                  />
                )}
                <Select
                  label={M.filterOperator}
                  w={170}
                  data={[
                    { value: 'in', label: M.opIn },
                    { value: 'notIn', label: M.opNotIn },
                  ]}
                  value={f.operator}
                  onChange={(v) => v && setFilter(i, { ...f, operator: v as 'in' | 'notIn' })}
                  allowDeselect={false}
                />
                <TagsInput
                  label={M.filterValues}
                  placeholder={M.filterValuesHint}
                  style={{ flex: 1 }}
                  value={f.values}
                  onChange={(values) => setFilter(i, { ...f, values })}
                  error={
                    err(`filters.${i}.values`) ??
                    Object.entries(errors).find(([k]) => k.startsWith(`filters.${i}.values.`))?.[1]
                  }
                />
                <RemoveButton onClick={() => removeFilter(i)} />
              </Group>
            ) : (
              <Group key={i} align="flex-end" gap="xs" data-testid={`filter-${i}`}>
                <Text size="sm" w={250}>
                  {M.maturityBand}
                </Text>
                <NumberInput
                  label={M.minDays}
                  w={120}
                  value={f.minDays}
                  min={0}
                  allowDecimal={false}
                  onChange={(v) => setFilter(i, { ...f, minDays: toNumber(v) })}
                />
                <NumberInput
                  label={M.maxDays}
                  w={120}
                  value={f.maxDays}
                  min={0}
                  allowDecimal={false}
                  onChange={(v) => setFilter(i, { ...f, maxDays: toNumber(v) })}
                  error={err(`filters.${i}.maxDays`)}
                />
                <RemoveButton onClick={() => removeFilter(i)} />
              </Group>
            ),
          )}
          <Group gap="xs">
            <Button
              size="compact-sm"
              variant="light"
              onClick={() =>
                change({
                  filters: [
                    ...state.filters,
                    { kind: 'values', field: 'mainType', column: '', operator: 'in', values: [] },
                  ],
                })
              }
            >
              {M.addFilter}
            </Button>
            <Button
              size="compact-sm"
              variant="subtle"
              onClick={() =>
                change({
                  filters: [...state.filters, { kind: 'maturity', minDays: '', maxDays: '' }],
                })
              }
            >
              {M.addMaturityFilter}
            </Button>
          </Group>
        </Stack>
      </Paper>

      <Grid gutter="sm">
        <Grid.Col span={6}>
          <Select
            label={M.aggregation}
            data={options(CRITERION_AGGREGATIONS, CRITERION_AGGREGATION_LABELS)}
            value={state.aggregation}
            onChange={(v) => v && change({ aggregation: v as CriterionAggregation })}
            allowDeselect={false}
            error={err('measure.aggregation')}
          />
        </Grid.Col>
        {needsGroupBy(state.aggregation) && (
          <Grid.Col span={3}>
            <Select
              label={M.groupBy}
              data={options(CRITERION_GROUP_BYS, CRITERION_GROUP_BY_LABELS)}
              value={state.groupBy}
              onChange={(v) => change({ groupBy: v })}
              error={err('measure.groupBy')}
            />
          </Grid.Col>
        )}
        {needsThreshold(state.aggregation) && (
          <Grid.Col span={3}>
            <NumberInput
              label={M.threshold}
              {...numberField('thresholdPct', 'measure.threshold')}
            />
          </Grid.Col>
        )}
        {needsGroupBy(state.aggregation) && (
          <Grid.Col span={6}>
            <Select
              label={M.depositTreatment}
              data={options(
                ['exceptMoneyMarket', 'include', 'exclude'] as const,
                DEPOSIT_TREATMENT_LABELS,
              )}
              value={state.depositTreatment}
              onChange={(v) => v && change({ depositTreatment: v as DepositTreatment })}
              allowDeselect={false}
            />
          </Grid.Col>
        )}
        <Grid.Col span={3}>
          <Select
            label={M.comparison}
            data={[
              { value: 'max', label: M.cmpMax },
              { value: 'min', label: M.cmpMin },
              { value: 'range', label: M.cmpRange },
            ]}
            value={state.cmpKind}
            onChange={(v) => v && change({ cmpKind: v as 'max' | 'min' | 'range' })}
            allowDeselect={false}
          />
        </Grid.Col>
        {state.cmpKind === 'range' ? (
          <>
            <Grid.Col span={3}>
              <NumberInput label={M.min(unitText)} {...numberField('min', 'comparison.min')} />
            </Grid.Col>
            <Grid.Col span={3}>
              <NumberInput label={M.max(unitText)} {...numberField('max', 'comparison.max')} />
            </Grid.Col>
          </>
        ) : (
          <Grid.Col span={3}>
            <NumberInput label={M.limit(unitText)} {...numberField('limit', 'comparison.limit')} />
          </Grid.Col>
        )}
        <Grid.Col span={3}>
          <Select
            label={M.severity}
            data={options(['warning', 'breach'] as const, CRITERION_SEVERITY_LABELS)}
            value={state.severity}
            onChange={(v) => v && change({ severity: v as 'warning' | 'breach' })}
            allowDeselect={false}
          />
        </Grid.Col>
        <Grid.Col span={6}>
          <PortfolioMultiSelect
            label={M.scopePortfolios}
            value={state.portfolioCodes}
            onChange={(portfolioCodes) => change({ portfolioCodes })}
          />
        </Grid.Col>
        <Grid.Col span={6}>
          <MultiSelect
            label={M.scopeCategories}
            description={M.scopeHint}
            data={Object.entries(FUND_CATEGORY_LABELS).map(([value, label]) => ({ value, label }))}
            value={state.fundCategories}
            onChange={(v) => change({ fundCategories: v as FundCategory[] })}
            searchable
          />
        </Grid.Col>
        <Grid.Col span={4}>
          <DateField
            label={M.effectiveFrom}
            value={state.effectiveFrom}
            onChange={(effectiveFrom) => change({ effectiveFrom })}
            error={err('effectiveFrom')}
          />
        </Grid.Col>
        <Grid.Col span={4}>
          <NumberInput
            label={M.cureDays}
            value={state.cureDays}
            min={0}
            allowDecimal={false}
            onChange={(v) => change({ cureDays: toNumber(v) })}
            error={err('cureDays')}
          />
        </Grid.Col>
        <Grid.Col span={4}>
          <Stack gap={6} mt="lg">
            <Checkbox
              label={M.confirmed}
              checked={state.confirmed}
              onChange={(e) => change({ confirmed: e.currentTarget.checked })}
            />
            <Checkbox
              label={M.enabled}
              checked={state.enabled}
              onChange={(e) => change({ enabled: e.currentTarget.checked })}
            />
          </Stack>
        </Grid.Col>
      </Grid>

      <Paper withBorder p="sm" radius="md" bg="gray.0" data-testid="criterion-preview">
        <Group justify="space-between" mb="xs">
          <Text fw={600} size="sm">
            {M.preview}
          </Text>
          <Text size="xs" c="dimmed">
            {M.previewHint}
          </Text>
        </Group>
        <Group align="flex-end" gap="sm" mb="xs">
          <PortfolioSelect value={previewCode} onChange={setPreviewCode} w={320} />
          <DateField label={M.previewDate} value={previewDate} onChange={setPreviewDate} />
        </Group>
        {!checked.ok ? (
          <Text size="sm" c="dimmed">
            {M.previewInvalid}
          </Text>
        ) : previewCode === null ? (
          <Text size="sm" c="dimmed">
            {M.previewChoose}
          </Text>
        ) : preview.isError ? (
          <Alert color="gray">{preview.error.message}</Alert>
        ) : preview.data ? (
          <Stack gap="xs">
            <Group gap="lg">
              <Text size="sm">{M.holdingsDate(preview.data.holdingsDate)}</Text>
              <Text size="sm">
                {M.measured}:{' '}
                <b data-testid="preview-value">{formatAuditValue(preview.data.value, unit)}</b>
              </Text>
              <Text size="sm">
                {M.margin}: {formatAuditValue(preview.data.margin, unit)}
              </Text>
              <Badge color={STATUS_COLOR[preview.data.status]} data-testid="preview-status">
                {AUDIT_STATUS_LABELS[preview.data.status]}
              </Badge>
            </Group>
            {!preview.data.applies && (
              <Text size="xs" c="orange.8">
                {M.previewNotApplies}
              </Text>
            )}
            {preview.data.contributions.length > 0 && (
              <Table fz="xs" verticalSpacing={2}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{M.colInstrument}</Table.Th>
                    <Table.Th>{M.colKey}</Table.Th>
                    <Table.Th ta="right">{M.colAmount}</Table.Th>
                    <Table.Th ta="right">{M.colWeight}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.data.contributions.slice(0, 8).map((c) => (
                    <Table.Tr key={c.instrumentCode} c={c.offending ? 'red.8' : undefined}>
                      <Table.Td>{`${c.instrumentCode} ${c.instrumentName ?? ''}`}</Table.Td>
                      <Table.Td>{c.key ?? ''}</Table.Td>
                      <Table.Td ta="right">{formatTry(c.valueTry, 0)}</Table.Td>
                      <Table.Td ta="right">{formatPct(c.weight)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Stack>
        ) : null}
      </Paper>
      {criterion && <Versions code={criterion.code} />}
    </FormModal>
  );
}

function Versions({ code }: { code: string }) {
  const versions = useCriterionVersions(code);
  if (!versions.data || versions.data.length === 0) return null;
  return (
    <Stack gap={2}>
      <Text fw={600} size="sm">
        {M.versions}
      </Text>
      {versions.data.map((v) => (
        <Text key={v.id} size="xs" c="dimmed">
          {M.versionLine(v.version, formatDateTime(v.createdAt), v.createdByName ?? '—')}
        </Text>
      ))}
    </Stack>
  );
}
