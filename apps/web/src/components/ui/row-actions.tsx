import { Button, Group } from '@mantine/core';

export interface RowAction {
  readonly label: string;
  readonly onClick: () => void;
  /** `primary` for the row's main action (view, map), `danger` for delete. */
  readonly tone?: 'primary' | 'plain' | 'danger';
  readonly hidden?: boolean;
}

/** The compact buttons at the end of a table row (view, edit, delete); hidden ones are left out. */
export function RowActions({ actions }: { actions: readonly RowAction[] }) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {actions
        .filter((a) => !a.hidden)
        .map((a) => (
          <Button
            key={a.label}
            size="compact-xs"
            variant={a.tone === 'primary' ? 'light' : 'subtle'}
            color={a.tone === 'danger' ? 'red' : undefined}
            onClick={a.onClick}
          >
            {a.label}
          </Button>
        ))}
    </Group>
  );
}
