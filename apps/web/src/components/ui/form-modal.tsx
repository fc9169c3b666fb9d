import type { SubmitEvent, ReactNode } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';

interface Props {
  readonly title: string;
  readonly size: 'lg' | 'xl';
  /** Validates and saves; the browser's own validation is off (the fields show Turkish errors). */
  readonly onSubmit: (event: SubmitEvent<HTMLFormElement>) => void;
  readonly onClose: () => void;
  /** The feature's messages: the two button texts. */
  readonly messages: { readonly cancel: string; readonly save: string };
  /** The save call is running. */
  readonly busy: boolean;
  readonly saveDisabled?: boolean;
  readonly children: ReactNode;
}

/** The create/edit dialog of a master-data record: its fields, then Vazgeç and Kaydet. */
export function FormModal({
  title,
  size,
  onSubmit,
  onClose,
  messages,
  busy,
  saveDisabled,
  children,
}: Props) {
  return (
    <Modal opened onClose={onClose} title={title} size={size}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {messages.cancel}
            </Button>
            <Button type="submit" loading={busy} disabled={saveDisabled}>
              {messages.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
