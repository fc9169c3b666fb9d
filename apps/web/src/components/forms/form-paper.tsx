import type { ReactNode } from 'react';
import { Paper, Stack } from '@mantine/core';

/**
 * A bordered form panel: its fields stacked, the browser's own validation off (the contract's
 * Turkish messages show instead), submit handled in the page (no reload).
 */
export function FormPaper({
  label,
  onSubmit,
  children,
}: {
  /** The form's accessible name. */
  readonly label: string;
  readonly onSubmit: () => void;
  readonly children: ReactNode;
}) {
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="form"
      noValidate
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap="sm">{children}</Stack>
    </Paper>
  );
}
