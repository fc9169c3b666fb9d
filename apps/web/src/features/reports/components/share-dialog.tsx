import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  NumberInput,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import {
  CreateReportKeyRequestSchema,
  REPORT_KEY_DEFAULT_DAYS,
  REPORT_KEY_MAX_DAYS,
  type Report,
  type ReportKey,
} from '@fonrisk/contracts';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { fieldErrors } from '../../../lib/field-errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { toastStore } from '../../../lib/toast.ts';
import { useCreateReportKey } from '../api/create-report-key.ts';
import { useReportKeys } from '../api/get-report-keys.ts';
import { useRevokeReportKey } from '../api/revoke-report-key.ts';
import { REPORT_MESSAGES as M } from '../messages.ts';
import { reportKeyLink } from './report-key-link.ts';

type KeyState = 'active' | 'expired' | 'revoked';

export function keyState(key: ReportKey, nowMs: number): KeyState {
  if (key.revokedAt !== null) return 'revoked';
  return Date.parse(key.expiresAt) <= nowMs ? 'expired' : 'active';
}

function KeyStateBadge({ reportKey, nowMs }: { reportKey: ReportKey; nowMs: number }) {
  const state = keyState(reportKey, nowMs);
  if (state === 'revoked')
    return (
      <Badge color="gray" variant="light">
        {M.keyRevoked(formatDateTime(reportKey.revokedAt))}
      </Badge>
    );
  return (
    <Badge color={state === 'active' ? 'green' : 'orange'} variant="light">
      {state === 'active' ? M.keyActive : M.keyExpired}
    </Badge>
  );
}

/**
 * Share a ready report by a Report-Key link: create a key with its lifetime (the link is shown
 * once, with a copy button), see every key's expiry, last use and state, revoke a key.
 */
export function ShareDialog({
  report,
  onClose,
}: {
  readonly report: Report;
  readonly onClose: () => void;
}) {
  const keys = useReportKeys(report.id);
  const create = useCreateReportKey(report.id);
  const revoke = useRevokeReportKey(report.id);
  const [days, setDays] = useState<number | string>(REPORT_KEY_DEFAULT_DAYS);
  const [error, setError] = useState<string | undefined>(undefined);
  const [link, setLink] = useState<string | null>(null);
  const nowMs = Date.now();

  const submit = (): void => {
    const parsed = CreateReportKeyRequestSchema.safeParse({
      expiresInDays: typeof days === 'number' ? days : Number(days),
    });
    if (!parsed.success) {
      setError(fieldErrors<'expiresInDays'>(parsed.error.issues).expiresInDays);
      return;
    }
    setError(undefined);
    create.mutate(parsed.data, {
      onSuccess: (created) => setLink(reportKeyLink(window.location.origin, created.key)),
    });
  };

  return (
    <Modal opened onClose={onClose} title={M.shareTitle(report.title)} size="xl">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {M.shareText}
        </Text>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Group align="flex-end" gap="sm">
            <NumberInput
              label={M.expiresInDays}
              value={days}
              onChange={setDays}
              min={1}
              max={REPORT_KEY_MAX_DAYS}
              allowDecimal={false}
              error={error}
              w={180}
            />
            <Button type="submit" loading={create.isPending}>
              {M.createKey}
            </Button>
          </Group>
        </form>
        {link !== null && (
          <Alert color="teal" title={M.newLink} data-testid="report-key-link">
            <Group gap="xs" wrap="nowrap">
              <TextInput value={link} readOnly style={{ flex: 1 }} aria-label={M.newLink} />
              <CopyButton value={link} />
            </Group>
          </Alert>
        )}
        <Text fw={600} size="sm">
          {M.keysTitle}
        </Text>
        {keys.data?.length === 0 && (
          <Text size="sm" c="dimmed">
            {M.noKeys}
          </Text>
        )}
        {keys.data !== undefined && keys.data.length > 0 && (
          <Table withTableBorder fz="sm" data-testid="report-keys">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{M.keyPrefix}</Table.Th>
                <Table.Th>{M.keyCreated}</Table.Th>
                <Table.Th>{M.keyExpires}</Table.Th>
                <Table.Th>{M.keyLastUsed}</Table.Th>
                <Table.Th>{M.keyState}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.data.map((key) => (
                <Table.Tr key={key.id}>
                  <Table.Td ff="monospace">{`${key.prefix}…`}</Table.Td>
                  <Table.Td>{`${formatDateTime(key.createdAt)} · ${key.createdBy}`}</Table.Td>
                  <Table.Td>{formatDateTime(key.expiresAt)}</Table.Td>
                  <Table.Td>
                    {key.lastUsedAt === null ? M.neverUsed : formatDateTime(key.lastUsedAt)}
                  </Table.Td>
                  <Table.Td>
                    <KeyStateBadge reportKey={key} nowMs={nowMs} />
                  </Table.Td>
                  <Table.Td>
                    {keyState(key, nowMs) === 'active' && (
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="red"
                        loading={revoke.isPending && revoke.variables === key.id}
                        onClick={() =>
                          revoke.mutate(key.id, {
                            onSuccess: () => toastStore.show('success', M.revoked),
                          })
                        }
                      >
                        {M.revoke}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {M.close}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
