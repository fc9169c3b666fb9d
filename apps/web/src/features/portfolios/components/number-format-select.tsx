import { Select } from '@mantine/core';
import { NumberFormatSchema } from '@fonrisk/contracts';
import { useImportSettings } from '../api/import-settings.ts';
import { useSaveImportSettings } from '../api/save-import-settings.ts';
import { PORTFOLIO_MESSAGES as M } from '../messages.ts';

const OPTIONS = [
  { value: 'tr', label: M.numberFormatTr },
  { value: 'intl', label: M.numberFormatIntl },
];

/**
 * The user's default number format (decision 0047): how a file whose numbers are all ambiguous
 * ("276.000") is read. Saved at once; such cells are still listed for confirmation.
 */
export function NumberFormatSelect() {
  const settings = useImportSettings();
  const save = useSaveImportSettings();
  return (
    <Select
      label={M.numberFormat}
      data={OPTIONS}
      value={settings.data?.numberFormat ?? null}
      disabled={settings.data === undefined || save.isPending}
      onChange={(v) => {
        const parsed = NumberFormatSchema.safeParse(v);
        if (parsed.success) save.mutate({ numberFormat: parsed.data });
      }}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      data-testid="import-number-format"
    />
  );
}
