import { Button, Group } from '@mantine/core';

export interface RowAction {
  readonly label: string;
  readonly onClick: () => void;
  /** `primary` for the row's main action (view, map), `danger` for delete. */
  readonly tone?: 'primary' | 'plain' | 'danger';
  readonly hidden?: boolean;
}

/** More buttons than this go on two lines or more (a report's five: details to delete). */
export const ROW_ACTIONS_ON_ONE_LINE = 3;

/**
 * The compact buttons at the end of a table row (view, edit, delete); hidden ones are left out.
 * More than {@link ROW_ACTIONS_ON_ONE_LINE} wrap in a column of about two buttons' width, so that a
 * row of many actions does not push the table wider than the screen.
 */
export function RowActions({ actions }: { actions: readonly RowAction[] }) {
  const shown = actions.filter((a) => !a.hidden);
  const many = shown.length > ROW_ACTIONS_ON_ONE_LINE;
  return (
    <Group
      gap={4}
      justify="flex-end"
      wrap={many ? 'wrap' : 'nowrap'}
      w={many ? ACTIONS_WIDTH : undefined}
    >
      {shown.map((a) => (
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

/** The width of a wrapped column of actions: two of the longest labels side by side. */
const ACTIONS_WIDTH = 230;
