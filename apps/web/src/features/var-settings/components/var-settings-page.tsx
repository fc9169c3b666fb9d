import { useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Grid,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import {
  VarSettingsSchema,
  type PortfolioVarLimit,
  type VarApproach,
  type VarSettings,
  percentToFraction,
  scalingRuleText,
} from '@fonrisk/contracts';
import { useVarSettings } from '../../analysis-runs/api/get-var-settings.ts';
import { useSaveVarSettings } from '../../analysis-runs/api/save-var-settings.ts';
import { APPROACH_LABELS } from '../../analysis-runs/components/method-text.ts';
import {
  ModelFields,
  ScalingSelect,
  initialModel,
  type ModelState,
} from '../../analysis-runs/components/model-fields.tsx';
import { PortfolioSelect } from '../../analysis-runs/components/portfolio-select.tsx';
import { WithVarSettings } from '../../analysis-runs/components/use-run-form.tsx';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { toastStore } from '../../../lib/toast.ts';
import { VAR_SETTINGS_MESSAGES as M } from '../messages.ts';

const num = (v: string | number): number | null => (typeof v === 'number' ? v : null);

/** The settings document from the model fields and the rest of the form. */
export function settingsOf(model: ModelState, rest: VarSettings): Record<string, unknown> {
  return {
    ...rest,
    method: model.method,
    confidenceLevel:
      model.confidencePct === '' ? undefined : percentToFraction(model.confidencePct),
    windowDays: model.windowDays === '' ? undefined : model.windowDays,
    ewmaLambda: model.lambda === '' ? undefined : model.lambda,
    monteCarloDraws: model.draws === '' ? undefined : model.draws,
    monteCarloSeed: model.seed === '' ? undefined : model.seed,
    mean: model.mean,
  };
}

/** `varAnalysisSettings`: defaults of the Module 1 analyses and the per-portfolio limits. */
export function VarSettingsPage({ extra }: { extra?: ReactNode }) {
  return (
    <WithVarSettings>
      {(settings) => <SettingsForm initial={settings} extra={extra} />}
    </WithVarSettings>
  );
}

function SettingsForm({ initial, extra }: { initial: VarSettings; extra: ReactNode }) {
  const stored = useVarSettings();
  const save = useSaveVarSettings();
  const [model, setModel] = useState<ModelState>(() => initialModel(initial));
  const [rest, setRest] = useState<VarSettings>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const patch = (p: Partial<VarSettings>): void => setRest((r) => ({ ...r, ...p }));
  const setLimit = (i: number, p: Partial<PortfolioVarLimit>): void =>
    patch({ portfolioLimits: rest.portfolioLimits.map((l, k) => (k === i ? { ...l, ...p } : l)) });

  const submit = (): void => {
    const parsed = VarSettingsSchema.safeParse(settingsOf(model, rest));
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path.join('.');
        next[key] ??= issue.message;
      }
      setErrors(next);
      toastStore.show('error', M.invalid);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, { onSuccess: () => toastStore.show('success', M.saved) });
  };

  const updatedAt = save.data?.updatedAt ?? stored.data?.updatedAt ?? null;
  return (
    <Stack
      gap="md"
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <PageHeader
        path="varAnalysisSettings"
        subtitle={M.subtitle}
        actions={
          <Group gap="sm">
            <Text size="xs" c="dimmed">
              {updatedAt ? M.lastSaved(formatDateTime(updatedAt)) : M.neverSaved}
            </Text>
            <Button type="submit" loading={save.isPending}>
              {M.save}
            </Button>
          </Group>
        }
      />
      {stored.isError && <Alert color="gray">{M.unavailable}</Alert>}
      {stored.data?.storedProblems && save.data === undefined && (
        <Alert color="red" title={M.storedInvalidTitle} data-testid="stored-invalid">
          {M.storedInvalid(stored.data.storedProblems.map((p) => `${p.field}: ${p.message}`))}
        </Alert>
      )}
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder radius="md" p="md" h="100%">
            <Stack gap="sm">
              <Text fw={600}>{M.defaultsTitle}</Text>
              <ModelFields
                state={model}
                onChange={(p) => setModel((m) => ({ ...m, ...p }))}
                errors={{
                  confidenceLevel: errors['confidenceLevel'],
                  windowDays: errors['windowDays'],
                  lambda: errors['ewmaLambda'],
                  draws: errors['monteCarloDraws'],
                  seed: errors['monteCarloSeed'],
                }}
              />
              <Grid gutter="sm">
                <Grid.Col span={6}>
                  <NumberInput
                    label={M.horizon}
                    value={rest.horizonDays}
                    onChange={(v) => patch({ horizonDays: num(v) ?? 0 })}
                    allowDecimal={false}
                    min={1}
                    max={250}
                    error={errors['horizonDays']}
                  />
                </Grid.Col>
                <Grid.Col span={6}>
                  <ScalingSelect
                    label={M.scaling}
                    value={rest.horizonScaling}
                    onChange={(horizonScaling) => patch({ horizonScaling })}
                  />
                </Grid.Col>
              </Grid>
              <Text size="sm" c="blue.8" ff="monospace">
                {scalingRuleText(rest.horizonDays, rest.horizonScaling)}
              </Text>
              <Select
                label={M.approach}
                data={(['absolute', 'relative'] as const).map((a) => ({
                  value: a,
                  label: APPROACH_LABELS[a],
                }))}
                value={rest.approach}
                onChange={(v) => v && patch({ approach: v as VarApproach })}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
              />
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder radius="md" p="md" h="100%">
            <Stack gap="sm">
              <Text fw={600}>{M.limitsTitle}</Text>
              <NumberInput
                label={M.absoluteLimit}
                value={rest.absoluteLimitPct}
                onChange={(v) => patch({ absoluteLimitPct: num(v) ?? 0 })}
                decimalSeparator=","
                error={errors['absoluteLimitPct']}
              />
              <NumberInput
                label={M.relativeLimit}
                value={rest.relativeLimitPct}
                onChange={(v) => patch({ relativeLimitPct: num(v) ?? 0 })}
                decimalSeparator=","
                error={errors['relativeLimitPct']}
              />
              <NumberInput
                label={M.leverageLimit}
                value={rest.leverageLimitPct}
                onChange={(v) => patch({ leverageLimitPct: num(v) ?? 0 })}
                decimalSeparator=","
                error={errors['leverageLimitPct']}
              />
              <NumberInput
                label={M.warningThreshold}
                value={rest.warningThresholdPct}
                onChange={(v) => patch({ warningThresholdPct: num(v) ?? 0 })}
                decimalSeparator=","
                error={errors['warningThresholdPct']}
              />
              <NumberInput
                label={M.unmappedTolerance}
                description={M.unmappedHint}
                value={rest.unmappedTolerancePct}
                onChange={(v) => patch({ unmappedTolerancePct: num(v) ?? 0 })}
                decimalSeparator=","
                error={errors['unmappedTolerancePct']}
              />
              <NumberInput
                label={M.varChangeExplain}
                description={M.varChangeExplainHint}
                value={rest.varChangeExplainPoints}
                onChange={(v) => patch({ varChangeExplainPoints: num(v) ?? 0 })}
                decimalSeparator=","
                error={errors['varChangeExplainPoints']}
                data-testid="var-change-explain-points"
              />
              <Text size="xs" c="dimmed">
                {M.spkHint}
              </Text>
              <Group align="flex-end" gap="md">
                <Switch
                  label={M.dailyBatch}
                  checked={rest.dailyBatchEnabled}
                  onChange={(e) => patch({ dailyBatchEnabled: e.currentTarget.checked })}
                />
                <TextInput
                  label={M.dailyBatchTime}
                  placeholder="SS:DD"
                  inputMode="numeric"
                  maxLength={5}
                  value={rest.dailyBatchTime}
                  onChange={(e) => patch({ dailyBatchTime: e.currentTarget.value })}
                  onBlur={(e) =>
                    patch({
                      dailyBatchTime: e.currentTarget.value
                        .trim()
                        .replace(/^(\d)[:.](\d\d)$/, '0$1:$2')
                        .replace('.', ':'),
                    })
                  }
                  disabled={!rest.dailyBatchEnabled}
                  error={errors['dailyBatchTime']}
                  w={140}
                />
              </Group>
              <Text size="xs" c="dimmed">
                {M.dailyBatchHint}
              </Text>
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" mb="xs">
          <div>
            <Text fw={600}>{M.portfolioLimitsTitle}</Text>
            <Text size="xs" c="dimmed">
              {M.portfolioLimitsHint}
            </Text>
          </div>
          <Button
            variant="light"
            size="compact-sm"
            onClick={() =>
              patch({
                portfolioLimits: [
                  ...rest.portfolioLimits,
                  {
                    portfolioCode: '',
                    approach: null,
                    absoluteLimitPct: null,
                    relativeLimitPct: null,
                    leverageLimitPct: null,
                  },
                ],
              })
            }
          >
            {M.addLimit}
          </Button>
        </Group>
        <Table verticalSpacing={4} data-testid="portfolio-limits">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{M.portfolio}</Table.Th>
              <Table.Th>{M.approach}</Table.Th>
              <Table.Th>{M.absoluteLimit}</Table.Th>
              <Table.Th>{M.relativeLimit}</Table.Th>
              <Table.Th>{M.leverageLimit}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rest.portfolioLimits.map((l, i) => (
              <Table.Tr key={i}>
                <Table.Td>
                  <PortfolioSelect
                    label=""
                    value={l.portfolioCode || null}
                    onChange={(c) => setLimit(i, { portfolioCode: c ?? '' })}
                    error={errors[`portfolioLimits.${i}.portfolioCode`]}
                    w={240}
                  />
                </Table.Td>
                <Table.Td>
                  <Select
                    aria-label={M.approach}
                    data={[
                      { value: '', label: M.defaultApproach },
                      ...(['absolute', 'relative'] as const).map((a) => ({
                        value: a,
                        label: APPROACH_LABELS[a],
                      })),
                    ]}
                    value={l.approach ?? ''}
                    onChange={(v) =>
                      setLimit(i, { approach: v === '' || v === null ? null : (v as VarApproach) })
                    }
                    allowDeselect={false}
                    comboboxProps={{ withinPortal: true }}
                  />
                </Table.Td>
                {(['absoluteLimitPct', 'relativeLimitPct', 'leverageLimitPct'] as const).map(
                  (field) => (
                    <Table.Td key={field}>
                      <NumberInput
                        aria-label={field}
                        value={l[field] ?? ''}
                        onChange={(v) => setLimit(i, { [field]: num(v) })}
                        decimalSeparator=","
                        placeholder={String(rest[field]).replace('.', ',')}
                        error={errors[`portfolioLimits.${i}.${field}`]}
                      />
                    </Table.Td>
                  ),
                )}
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={M.remove}
                    onClick={() =>
                      patch({ portfolioLimits: rest.portfolioLimits.filter((_, k) => k !== i) })
                    }
                  >
                    ×
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      {extra}
    </Stack>
  );
}
