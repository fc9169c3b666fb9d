import type { ReactNode } from 'react';
import { Button, Paper, Stack, Text } from '@mantine/core';
import { ANALYSIS_MESSAGES } from '../messages.ts';

interface RunFormPanelProps {
  /** The form's title, also its accessible name. */
  readonly title: string;
  readonly onSubmit: () => void;
  /** The run is being created: the start button shows a spinner. */
  readonly pending: boolean;
  /** The input fields. */
  readonly children: ReactNode;
}

/** The frame of every run form: titled panel, the fields, and "Analizi başlat" (Enter submits too). */
export function RunFormPanel({ title, onSubmit, pending, children }: RunFormPanelProps) {
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
      aria-label={title}
    >
      <Stack gap="sm">
        <Text fw={600}>{title}</Text>
        {children}
        <Button type="submit" loading={pending}>
          {ANALYSIS_MESSAGES.start}
        </Button>
      </Stack>
    </Paper>
  );
}
