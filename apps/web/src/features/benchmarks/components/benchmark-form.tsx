import { useState, type SubmitEvent } from 'react';
import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  BENCHMARK_KIND_LABELS,
  BenchmarkRequestSchema,
  REBALANCING_LABELS,
  type Benchmark,
  type BenchmarkKind,
  type Rebalancing,
} from '@fonrisk/contracts';
import { useFieldErrors } from '../../../components/forms/use-field-errors.ts';
import { usePortfolios } from '../../../components/holdings/api/get-portfolios.ts';
import { SeriesSelect } from '../../../components/series-select/series-select.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { FormModal } from '../../../components/ui/form-modal.tsx';
import { toastStore } from '../../../lib/toast.ts';
import { useSaveBenchmark } from '../api/save-benchmark.ts';
import { BENCHMARK_MESSAGES as M } from '../messages.ts';
import { holdingsPortfolioOptions } from './portfolio-options.ts';
import { weightSum, weightsSumTo100, type ComponentDraft } from './weights.ts';
import { labelOptions } from '../../../components/forms/field-values.ts';

type Field = 'code' | 'name' | 'components' | 'holdingsPortfolioCode';

/**
 * Define or edit a benchmark. A composite one lists index series with weights; the live sum is
 * shown and saving stays disabled until it is 100 (the API's tolerance). A holdings one names the
 * fund or customer portfolio whose latest holdings it follows.
 */
export function BenchmarkForm({
  benchmark,
  onClose,
  onSaved,
}: {
  benchmark: Benchmark | null;
  onClose: () => void;
  onSaved: (code: string) => void;
}) {
  const save = useSaveBenchmark();
  const portfolios = usePortfolios();
  const [code, setCode] = useState(benchmark?.code ?? '');
  const [name, setName] = useState(benchmark?.name ?? '');
  const [kind, setKind] = useState<BenchmarkKind>(benchmark?.kind ?? 'composite');
  const [rebalancing, setRebalancing] = useState<Rebalancing>(benchmark?.rebalancing ?? 'monthly');
  const [components, setComponents] = useState<ComponentDraft[]>(
    benchmark?.components.length ? benchmark.components : [{ seriesTicker: null, weightPct: null }],
  );
  const [portfolio, setPortfolio] = useState<string | null>(
    benchmark?.holdingsPortfolioCode ?? null,
  );
  const { errors, setErrors, accept } = useFieldErrors<Field>();
  const sum = weightSum(components);
  const sumOk = weightsSumTo100(components);
  const canSave = kind === 'holdings' || sumOk;

  const update = (index: number, change: Partial<ComponentDraft>): void =>
    setComponents((list) => list.map((c, i) => (i === index ? { ...c, ...change } : c)));

  const submit = (event: SubmitEvent): void => {
    event.preventDefault();
    if (kind === 'composite' && components.some((c) => c.seriesTicker === null)) {
      setErrors({ components: M.seriesMissing });
      return;
    }
    const request = accept(
      BenchmarkRequestSchema.safeParse({
        code: code.trim(),
        name,
        kind,
        rebalancing,
        components:
          kind === 'composite'
            ? components.map((c) => ({ seriesTicker: c.seriesTicker, weightPct: c.weightPct ?? 0 }))
            : [],
        holdingsPortfolioCode: kind === 'holdings' ? portfolio : null,
      }),
    );
    if (request === null) return;
    save.mutate(
      { request, isNew: benchmark === null },
      {
        onSuccess: (saved) => {
          toastStore.show('success', M.saved(saved.code));
          onSaved(saved.code);
          onClose();
        },
      },
    );
  };

  return (
    <FormModal
      title={benchmark === null ? M.createTitle : M.editTitle(benchmark.code)}
      size="xl"
      onSubmit={submit}
      onClose={onClose}
      messages={M}
      busy={save.isPending}
      saveDisabled={!canSave}
    >
      <Group grow align="flex-start">
        <TextInput
          label={M.code}
          name="code"
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={errors.code}
          disabled={benchmark !== null}
          required
        />
        <TextInput
          label={M.name}
          name="name"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
          required
        />
      </Group>
      <Group align="flex-end">
        <SegmentedControl
          aria-label={M.kind}
          value={kind}
          onChange={(v) => setKind(v as BenchmarkKind)}
          data={labelOptions(BENCHMARK_KIND_LABELS)}
        />
        <Select
          label={M.rebalancing}
          data={labelOptions(REBALANCING_LABELS)}
          value={rebalancing}
          onChange={(v) => v !== null && setRebalancing(v as Rebalancing)}
          allowDeselect={false}
          w={180}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
      {kind === 'holdings' ? (
        <Select
          label={M.holdingsPortfolio}
          placeholder={M.holdingsPortfolioPlaceholder}
          data={holdingsPortfolioOptions(portfolios.data ?? [], portfolio)}
          description={M.holdingsPortfolioHelp}
          value={portfolio}
          onChange={setPortfolio}
          searchable
          error={errors.holdingsPortfolioCode}
          comboboxProps={{ withinPortal: true }}
        />
      ) : (
        <Stack gap={6}>
          {components.map((c, i) => (
            <Group key={i} align="flex-end" gap="sm" wrap="nowrap">
              <SeriesSelect
                label={M.series}
                placeholder={M.seriesPlaceholder}
                value={c.seriesTicker}
                onChange={(t) => update(i, { seriesTicker: t })}
                kind="index"
                w={420}
              />
              <NumberInput
                label={M.weight}
                value={c.weightPct ?? ''}
                onChange={(v) => update(i, { weightPct: typeof v === 'number' ? v : null })}
                decimalSeparator=","
                thousandSeparator="."
                min={0}
                max={100}
                w={130}
                aria-label={`${M.weight} ${i + 1}`}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mb={4}
                aria-label={M.removeComponent}
                onClick={() => setComponents((list) => list.filter((_, j) => j !== i))}
                disabled={components.length === 1}
              >
                ×
              </ActionIcon>
            </Group>
          ))}
          <Group justify="space-between">
            <Button
              size="xs"
              variant="light"
              onClick={() =>
                setComponents((list) => [...list, { seriesTicker: null, weightPct: null }])
              }
            >
              {M.addComponent}
            </Button>
            <Text fw={700} c={sumOk ? 'teal.7' : 'red.7'} data-testid="weight-sum">
              {M.weightSum(formatNumber(sum))}
            </Text>
          </Group>
          {!sumOk && (
            <Text size="xs" c="red.7">
              {M.weightSumMustBe100}
            </Text>
          )}
          {errors.components && (
            <Text size="xs" c="red.7">
              {errors.components}
            </Text>
          )}
        </Stack>
      )}
    </FormModal>
  );
}
