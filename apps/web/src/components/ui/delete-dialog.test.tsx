import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { toastStore } from '../../lib/toast.ts';
import { renderUi } from '../../test/render.tsx';
import { DeleteDialog } from './delete-dialog.tsx';

interface Item {
  id: number;
  code: string;
}

const messages = {
  deleteTitle: 'Silinsin mi?',
  delete: 'Sil',
  cancel: 'Vazgeç',
  deleteText: (code: string) => `${code} silinecek.`,
  deleted: (code: string) => `${code} silindi.`,
};

function Harness({ fail, onDeleted }: { fail: boolean; onDeleted: (code: string) => void }) {
  const [target, setTarget] = useState<Item | null>({ id: 7, code: 'XYZ' });
  const remove = useMutation({
    mutationFn: (id: number) =>
      fail ? Promise.reject(new Error(`no ${id}`)) : Promise.resolve(id),
  });
  return (
    <DeleteDialog
      target={target}
      label={(i) => i.code}
      argument={(i) => i.id}
      remove={remove}
      messages={messages}
      onClose={() => setTarget(null)}
      onDeleted={onDeleted}
    />
  );
}

function renderHarness(fail: boolean, onDeleted: (code: string) => void) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  renderUi(
    <QueryClientProvider client={client}>
      <Harness fail={fail} onDeleted={onDeleted} />
    </QueryClientProvider>,
  );
}

describe('DeleteDialog', () => {
  it('asks about the record by its code, deletes it by its argument, toasts and closes', async () => {
    const onDeleted = vi.fn();
    const before = toastStore.list().length;
    renderHarness(false, onDeleted);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('XYZ silinecek.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sil' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledWith('XYZ'));
    expect(
      toastStore
        .list()
        .slice(before)
        .map((t) => [t.kind, t.message]),
    ).toEqual([['success', 'XYZ silindi.']]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('closes without a success toast when the delete fails', async () => {
    const onDeleted = vi.fn();
    const before = toastStore.list().length;
    renderHarness(true, onDeleted);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sil' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onDeleted).not.toHaveBeenCalled();
    expect(toastStore.list().length).toBe(before);
  });
});
