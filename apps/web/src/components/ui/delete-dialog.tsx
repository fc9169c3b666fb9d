import type { UseMutationResult } from '@tanstack/react-query';
import { toastStore } from '../../lib/toast.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

export interface DeleteMessages {
  readonly delete: string;
  readonly cancel: string;
  readonly deleteTitle: string;
  readonly deleteText: (label: string) => string;
  readonly deleted: (label: string) => string;
}

interface Props<T, A> {
  /** The record asked about; null keeps the dialog closed. */
  readonly target: T | null;
  /** The record's code as the messages show it. */
  readonly label: (target: T) => string;
  /** What the delete mutation is called with (a code or an id). */
  readonly argument: (target: T) => A;
  readonly remove: UseMutationResult<unknown, Error, A>;
  /** The feature's messages: the button texts, the question and the success toast. */
  readonly messages: DeleteMessages;
  readonly onClose: () => void;
  /** After a successful delete (e.g. to drop the record from a detail panel). */
  readonly onDeleted?: (label: string) => void;
}

/**
 * "Delete X?" for a record of a list screen: runs the mutation, toasts the success in Turkish
 * (failures are toasted by the API client) and closes when the call settles.
 */
export function DeleteDialog<T, A>({
  target,
  label,
  argument,
  remove,
  messages,
  onClose,
  onDeleted,
}: Props<T, A>) {
  return (
    <ConfirmDialog
      opened={target !== null}
      title={messages.deleteTitle}
      confirmLabel={messages.delete}
      cancelLabel={messages.cancel}
      busy={remove.isPending}
      onCancel={onClose}
      onConfirm={() => {
        if (target === null) return;
        const removed = label(target);
        remove.mutate(argument(target), {
          onSuccess: () => {
            toastStore.show('success', messages.deleted(removed));
            onDeleted?.(removed);
          },
          onSettled: onClose,
        });
      }}
    >
      {target === null ? '' : messages.deleteText(label(target))}
    </ConfirmDialog>
  );
}
