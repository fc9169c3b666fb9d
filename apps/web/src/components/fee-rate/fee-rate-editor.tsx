import { useState } from 'react';
import { Button, Group, NumberInput, Text } from '@mantine/core';
import { AnnualFeeRatePctSchema } from '@fonrisk/contracts';
import { ApiError } from '../../lib/api-client.ts';
import { formatNumber } from '../../lib/format.ts';
import { useCanWrite } from '../permissions/use-can-write.ts';
import { useFeeRate } from './api/get-fee-rate.ts';
import { useSaveFeeRate } from './api/save-fee-rate.ts';
import { FEE_RATE_MESSAGES as M } from './messages.ts';

/**
 * The fund's stored annual management fee rate (issue 13): shown to everyone, editable by the
 * roles that change data. The performance report adds this rate back unless its form overrides it.
 */
export function FeeRateEditor({ code }: { code: string }) {
  const feeRate = useFeeRate(code);
  const save = useSaveFeeRate();
  const canWrite = useCanWrite();
  const [draft, setDraft] = useState<number | ''>('');
  const [error, setError] = useState<string | undefined>();
  const stored = feeRate.data?.annualFeeRatePct ?? null;
  const text = stored === null ? M.none : M.stored(formatNumber(stored, 2));
  if (!canWrite)
    return (
      <Text size="sm" data-testid="fee-rate-stored">
        {text}
      </Text>
    );
  const submit = () => {
    const parsed = AnnualFeeRatePctSchema.safeParse(draft === '' ? undefined : draft);
    if (!parsed.success) {
      setError(M.invalid);
      return;
    }
    setError(undefined);
    save.mutate(
      { code, annualFeeRatePct: parsed.data },
      {
        onSuccess: () => setDraft(''),
        onError: (e) => setError(e instanceof ApiError ? (e.detail ?? M.failed) : M.failed),
      },
    );
  };
  return (
    <Group align="flex-end" gap="xs" data-testid="fee-rate-editor">
      <NumberInput
        label={M.label}
        description={text}
        placeholder={stored === null ? '' : formatNumber(stored, 2)}
        value={draft}
        onChange={(v) => setDraft(typeof v === 'number' ? v : '')}
        error={error}
        decimalSeparator=","
        min={0}
        max={20}
        step={0.1}
        w={220}
        data-testid="fee-rate-input"
      />
      <Button variant="light" onClick={submit} loading={save.isPending}>
        {M.save}
      </Button>
      {save.isSuccess && (
        <Text size="sm" c="teal" data-testid="fee-rate-saved">
          {M.saved}
        </Text>
      )}
    </Group>
  );
}
