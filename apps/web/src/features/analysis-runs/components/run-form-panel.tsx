import type { ReactNode } from 'react';
import { Button, Text } from '@mantine/core';
import { FormPaper } from '../../../components/forms/form-paper.tsx';
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
    <FormPaper label={title} onSubmit={onSubmit}>
      <Text fw={600}>{title}</Text>
      {children}
      <Button type="submit" loading={pending}>
        {ANALYSIS_MESSAGES.start}
      </Button>
    </FormPaper>
  );
}
