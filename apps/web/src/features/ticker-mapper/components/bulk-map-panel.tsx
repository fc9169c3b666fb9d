import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  INSTRUMENT_MAIN_TYPE_LABELS,
  INSTRUMENT_MAIN_TYPES,
  type BulkMappingResult,
  type InstrumentMainType,
} from '@fonrisk/contracts';
import { SeriesSelect } from '../../../components/series-select/series-select.tsx';
import { useBulkMap } from '../api/bulk-map.ts';
import { MAPPER_MESSAGES as M } from '../messages.ts';
import { buildBulkRequest, type BulkFormError, type BulkTargetKind } from './bulk-rule.ts';

const TARGETS: { value: BulkTargetKind; label: string }[] = [
  { value: 'sameCode', label: M.targetSameCode },
  { value: 'series', label: M.targetSeries },
  { value: 'curveByTenor', label: M.targetCurve },
];

/** Bulk mapping by rule (main type, currency, code prefix) to the same code, one series or the curve by tenor. */
export function BulkMapPanel() {
  const bulk = useBulkMap();
  const [mainType, setMainType] = useState<InstrumentMainType | null>(null);
  const [currency, setCurrency] = useState('');
  const [codePrefix, setCodePrefix] = useState('');
  const [targetKind, setTargetKind] = useState<BulkTargetKind>('sameCode');
  const [seriesTicker, setSeriesTicker] = useState<string | null>(null);
  const [curvePrefix, setCurvePrefix] = useState('');
  const [error, setError] = useState<BulkFormError | null>(null);
  const [result, setResult] = useState<BulkMappingResult | null>(null);

  const apply = (): void => {
    const built = buildBulkRequest({
      mainType,
      currency,
      codePrefix,
      targetKind,
      seriesTicker,
      curvePrefix,
    });
    if (!built.ok) {
      setError(built.error);
      return;
    }
    setError(null);
    bulk.mutate(built.request, { onSuccess: setResult });
  };

  return (
    <Paper withBorder p="sm" radius="md">
      <Title order={4}>{M.bulkTitle}</Title>
      <Text size="xs" c="dimmed" mb="xs">
        {M.bulkHint}
      </Text>
      <Stack gap="xs">
        <Group align="flex-end" gap="sm">
          <Select
            label={M.ruleMainType}
            placeholder={M.anyValue}
            data={INSTRUMENT_MAIN_TYPES.map((t) => ({
              value: t,
              label: INSTRUMENT_MAIN_TYPE_LABELS[t],
            }))}
            value={mainType}
            onChange={(v) => setMainType(v as InstrumentMainType | null)}
            clearable
            w={240}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label={M.ruleCurrency}
            placeholder={M.anyValue}
            value={currency}
            onChange={(e) => setCurrency(e.currentTarget.value)}
            w={110}
          />
          <TextInput
            label={M.ruleCodePrefix}
            placeholder={M.anyValue}
            value={codePrefix}
            onChange={(e) => setCodePrefix(e.currentTarget.value)}
            w={150}
          />
        </Group>
        {error === 'rule' && (
          <Text size="xs" c="red">
            {M.ruleRequired}
          </Text>
        )}
        <Group align="flex-end" gap="sm">
          <SegmentedControl
            size="xs"
            aria-label={M.target}
            value={targetKind}
            onChange={(v) => setTargetKind(v as BulkTargetKind)}
            data={TARGETS}
          />
          {targetKind === 'series' && (
            <SeriesSelect
              label={M.series}
              placeholder={M.seriesPlaceholder}
              value={seriesTicker}
              onChange={setSeriesTicker}
              error={error === 'series' ? M.seriesRequired : undefined}
              w={320}
            />
          )}
          {targetKind === 'curveByTenor' && (
            <TextInput
              label={M.curvePrefix}
              placeholder={M.curvePrefixPlaceholder}
              value={curvePrefix}
              onChange={(e) => setCurvePrefix(e.currentTarget.value)}
              error={error === 'curvePrefix' ? M.curvePrefixRequired : undefined}
              w={200}
            />
          )}
          <Button onClick={apply} loading={bulk.isPending}>
            {M.apply}
          </Button>
        </Group>
        {result !== null && (
          <Alert
            color={result.skipped.length > 0 ? 'yellow' : 'teal'}
            variant="light"
            title={M.bulkResult(result.mapped)}
          >
            {result.skipped.length > 0 && (
              <>
                <Text size="sm" fw={600}>
                  {M.skippedTitle(result.skipped.length)}
                </Text>
                <Table fz="xs" verticalSpacing={2}>
                  <Table.Tbody>
                    {result.skipped.map((s) => (
                      <Table.Tr key={s.instrumentCode}>
                        <Table.Td fw={600}>{s.instrumentCode}</Table.Td>
                        <Table.Td>{s.reason}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </>
            )}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
