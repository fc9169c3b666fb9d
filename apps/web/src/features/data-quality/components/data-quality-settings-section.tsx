import { useState } from 'react';
import { Alert, Button, Grid, Group, NumberInput, Paper, Stack, Text } from '@mantine/core';
import { DataQualitySettingsSchema, type DataQualitySettings } from '@fonrisk/contracts';
import { formatDateTime } from '../../../lib/format.ts';
import { toastStore } from '../../../lib/toast.ts';
import { useDataQualitySettings } from '../api/get-data-quality-settings.ts';
import { useSaveDataQualitySettings } from '../api/save-data-quality-settings.ts';
import { DATA_QUALITY_MESSAGES as M } from '../messages.ts';

const FIELDS = [
  { key: 'staleDays', label: M.staleDays, decimals: false },
  { key: 'jumpSigma', label: M.jumpSigma, decimals: true },
  { key: 'jumpWindowDays', label: M.jumpWindowDays, decimals: false },
  { key: 'navTolerancePct', label: M.navTolerance, decimals: true },
] as const;

/** The tolerances of the data-quality checks, on the settings screen next to the RMD tolerances. */
export function DataQualitySettingsSection() {
  const stored = useDataQualitySettings();
  if (stored.isError) return <Alert color="gray">{M.unavailable}</Alert>;
  if (!stored.data) return null;
  return <SettingsForm initial={stored.data.settings} updatedAt={stored.data.updatedAt} />;
}

function SettingsForm({
  initial,
  updatedAt,
}: {
  initial: DataQualitySettings;
  updatedAt: string | null;
}) {
  const save = useSaveDataQualitySettings();
  const [values, setValues] = useState<Record<string, number | string>>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (): void => {
    const parsed = DataQualitySettingsSchema.safeParse(values);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[issue.path.join('.')] ??= issue.message;
      setErrors(next);
      toastStore.show('error', M.settingsInvalid);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, { onSuccess: () => toastStore.show('success', M.settingsSaved) });
  };
  const saved = save.data?.updatedAt ?? updatedAt;
  return (
    <Paper withBorder radius="md" p="md" data-testid="data-quality-settings">
      <Stack gap="sm">
        <Group justify="space-between">
          <div>
            <Text fw={600}>{M.settingsTitle}</Text>
            <Text size="xs" c="dimmed">
              {M.settingsHint}
            </Text>
          </div>
          <Group gap="sm">
            {saved !== null && (
              <Text size="xs" c="dimmed">
                {formatDateTime(saved)}
              </Text>
            )}
            <Button variant="light" onClick={submit} loading={save.isPending}>
              {M.saveSettings}
            </Button>
          </Group>
        </Group>
        <Grid gutter="sm">
          {FIELDS.map((f) => (
            <Grid.Col key={f.key} span={{ base: 12, sm: 6, md: 3 }}>
              <NumberInput
                label={f.label}
                value={values[f.key]}
                onChange={(v) => setValues((s) => ({ ...s, [f.key]: v }))}
                allowDecimal={f.decimals}
                decimalSeparator=","
                error={errors[f.key]}
              />
            </Grid.Col>
          ))}
        </Grid>
      </Stack>
    </Paper>
  );
}
