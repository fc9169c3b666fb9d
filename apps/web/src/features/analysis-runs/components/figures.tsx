import type { ReactNode } from 'react';
import { Badge, Paper, SimpleGrid, Text } from '@mantine/core';
import { LIMIT_STATUS_LABELS, type LimitStatus } from '@fonrisk/contracts';
import { STATUS_COLORS } from '@fonrisk/contracts';

/** Mantine colour names of the limit states. */
export const STATUS_BADGE_COLORS: Readonly<Record<LimitStatus | 'noData', string>> = {
  ok: 'green',
  warning: 'orange',
  breach: 'red',
  noLimit: 'gray',
  noData: 'gray',
};

export function LimitStatusBadge({
  status,
  label,
}: {
  status: LimitStatus | 'noData';
  label?: string;
}) {
  return (
    <Badge
      color={STATUS_BADGE_COLORS[status]}
      variant={status === 'breach' ? 'filled' : 'light'}
      data-status={status}
    >
      {label ?? (status === 'noData' ? '–' : LIMIT_STATUS_LABELS[status])}
    </Badge>
  );
}

/** Row background of a limit state in grids (breach red, warning amber). */
export function statusRowStyle(status: unknown): Record<string, string> | undefined {
  if (status === 'breach') return { background: '#fff5f5' };
  if (status === 'warning') return { background: '#fff9db' };
  return undefined;
}

export interface Figure {
  readonly label: string;
  readonly value: string;
  readonly hint?: string | undefined;
  readonly tone?: LimitStatus | undefined;
  readonly testId?: string;
}

/** Key figures in cards: label above, large value, a dimmed hint below. */
export function FigureCards({ figures, cols = 4 }: { figures: readonly Figure[]; cols?: number }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: cols }} spacing="sm">
      {figures.map((f) => (
        <Paper
          key={f.label}
          withBorder
          radius="md"
          p="sm"
          style={
            f.tone && f.tone !== 'ok' && f.tone !== 'noLimit'
              ? { borderColor: STATUS_COLORS[f.tone], borderWidth: 2 }
              : undefined
          }
        >
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {f.label}
          </Text>
          <Text
            size="xl"
            fw={700}
            data-testid={f.testId}
            style={{ fontVariantNumeric: 'tabular-nums' }}
            c={f.tone && f.tone !== 'noLimit' ? STATUS_COLORS[f.tone] : undefined}
          >
            {f.value}
          </Text>
          {f.hint && (
            <Text size="xs" c="dimmed">
              {f.hint}
            </Text>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** A titled panel around a chart or a table. */
export function Section({
  title,
  children,
  actions,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text
        fw={600}
        size="sm"
        mb="xs"
        component="div"
        style={{ display: 'flex', justifyContent: 'space-between' }}
      >
        <span>{title}</span>
        {actions}
      </Text>
      {children}
    </Paper>
  );
}
