import { useState } from 'react';
import {
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  FtpFileRuleRequestSchema,
  IMPORT_KIND_LABELS,
  type FtpConnection,
  type FtpFileRule,
  type ImportKind,
} from '@fonrisk/contracts';
import { useFieldErrors } from '../../../components/forms/use-field-errors.ts';
import { RecordTable } from '../../../components/ui/record-table.tsx';
import { toastStore } from '../../../lib/toast.ts';
import { useDeleteRule } from '../api/delete-rule.ts';
import { useRules } from '../api/get-rules.ts';
import { useSaveRule } from '../api/save-rule.ts';
import { FTP_MESSAGES as M } from '../messages.ts';

const KIND_OPTIONS = Object.entries(IMPORT_KIND_LABELS).map(([value, label]) => ({ value, label }));

/** File rules of one connection: which names a pull takes and which import they go to. */
export function RulesPanel({
  connection,
  canWrite,
}: {
  connection: FtpConnection;
  canWrite: boolean;
}) {
  const rules = useRules(connection.id);
  const save = useSaveRule();
  const remove = useDeleteRule();
  const [pattern, setPattern] = useState('');
  const [kind, setKind] = useState<ImportKind>('holdings');
  const [replaceExisting, setReplaceExisting] = useState(false);
  const { errors, accept } = useFieldErrors<'pattern' | 'kind'>();

  const add = (): void => {
    const request = accept(
      FtpFileRuleRequestSchema.safeParse({
        connectionId: connection.id,
        pattern,
        kind,
        replaceExisting: kind === 'holdings' && replaceExisting,
        enabled: true,
      }),
    );
    if (request === null) return;
    save.mutate(
      { id: null, request: request },
      {
        onSuccess: () => {
          toastStore.show('success', M.ruleSaved);
          setPattern('');
        },
      },
    );
  };

  const toggle = (rule: FtpFileRule): void => {
    save.mutate({ id: rule.id, request: { ...rule, enabled: !rule.enabled } });
  };

  return (
    <Paper withBorder p="sm" radius="md" data-testid="ftp-rules">
      <Title order={4} mb={4}>
        {M.rulesTitle(connection.name)}
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        {M.rulesHelp}
      </Text>
      <Text size="xs" c="dimmed" mb="xs">
        {M.cashFlowsNote}
      </Text>
      <Stack gap="sm">
        {rules.data?.length === 0 && <Text c="dimmed">{M.noRules}</Text>}
        {rules.data !== undefined && rules.data.length > 0 && (
          <RecordTable
            rows={rules.data}
            rowKey={(r) => String(r.id)}
            testId="ftp-rule-table"
            columns={[
              { header: M.pattern, cell: (r) => r.pattern, strong: true, nowrap: true },
              { header: M.kind, cell: (r) => IMPORT_KIND_LABELS[r.kind] },
              {
                header: M.replaceExisting,
                cell: (r) => (r.kind === 'holdings' ? (r.replaceExisting ? M.yes : M.no) : '–'),
              },
              { header: M.enabled, cell: (r) => (r.enabled ? M.yes : M.no) },
            ]}
            actions={(r) => [
              {
                label: r.enabled ? M.disable : M.enable,
                onClick: () => toggle(r),
                hidden: !canWrite,
              },
              {
                label: M.delete,
                tone: 'danger',
                onClick: () =>
                  remove.mutate(r.id, {
                    onSuccess: () => toastStore.show('success', M.ruleDeleted),
                  }),
                hidden: !canWrite,
              },
            ]}
          />
        )}
        {canWrite && (
          <Group align="flex-end">
            <TextInput
              label={M.pattern}
              name="pattern"
              placeholder="PORTFOY_{YYYYMMDD}.xlsx"
              value={pattern}
              onChange={(e) => setPattern(e.currentTarget.value)}
              error={errors.pattern}
              style={{ flex: 1 }}
            />
            <Select
              label={M.kind}
              name="kind"
              data={KIND_OPTIONS}
              value={kind}
              onChange={(v) => v !== null && setKind(v as ImportKind)}
              allowDeselect={false}
            />
            {kind === 'holdings' && (
              <Checkbox
                label={M.replaceExisting}
                title={M.replaceExistingHelp}
                checked={replaceExisting}
                onChange={(e) => setReplaceExisting(e.currentTarget.checked)}
                mb={8}
              />
            )}
            <Button onClick={add} loading={save.isPending}>
              {M.addRule}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
