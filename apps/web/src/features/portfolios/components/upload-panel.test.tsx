import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, problem, renderScreen } from '../../../components/testing/render-screen.tsx';
import { UploadPanel } from './upload-panel.tsx';

function chooseFile(name = 'dagilim.csv'): void {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (input === null) throw new Error('no file input');
  fireEvent.change(input, {
    target: { files: [new File(['portfolioCode;portfolioDate\n'], name, { type: 'text/csv' })] },
  });
}

const OK = { kind: 'holdings', rowCount: 3, inserted: 3, updated: 0, replacedSnapshots: [] };

describe('upload panel', () => {
  it('asks for a file before sending anything', async () => {
    const api = mockApi({});
    renderScreen(<UploadPanel onClose={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Yükle' }));
    expect(await screen.findByText('Bir dosya seçin.')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('shows a rejected file as a table of row, column, value and message', async () => {
    mockApi({
      'POST imports/holdings': problem(
        422,
        'Dosya reddedildi: 2 satırda hata var. Hiçbir kayıt yazılmadı.',
        {
          errors: [
            {
              row: 3,
              field: 'Portföy Tarihi',
              value: '2025-02-30',
              message: 'geçerli bir tarih değil',
            },
            { row: 5, field: 'Güncel Değer', value: 'abc', message: 'sayı değil' },
          ],
        },
      ),
    });
    renderScreen(<UploadPanel onClose={() => undefined} />);
    chooseFile();
    fireEvent.click(screen.getByRole('button', { name: 'Yükle' }));
    const table = await screen.findByTestId('upload-errors');
    const cells = [...table.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => td.textContent),
    );
    expect(cells).toEqual([
      ['3', 'Portföy Tarihi', '2025-02-30', 'geçerli bir tarih değil'],
      ['5', 'Güncel Değer', 'abc', 'sayı değil'],
    ]);
    expect(
      screen.getByText('Dosya reddedildi: 2 satırda 2 hata. Hiçbir kayıt yazılmadı.'),
    ).toBeTruthy();
  });

  it('lists already loaded dates on 409 and re-sends with confirmReplace=true once confirmed', async () => {
    const api = mockApi({
      'POST imports/holdings': (call) =>
        call.search.get('confirmReplace') === 'true'
          ? Response.json({
              ...OK,
              updated: 2,
              replacedSnapshots: [{ portfolioCode: 'DEMO1', portfolioDate: '2026-01-02' }],
            })
          : problem(
              409,
              'Bu portföy tarihleri zaten yüklü: DEMO1 02.01.2026. Değiştirmek için onaylayın.',
              {
                conflicts: [
                  { portfolioCode: 'DEMO1', portfolioDate: '2026-01-02', existingRows: 42 },
                ],
              },
            ),
    });
    renderScreen(<UploadPanel onClose={() => undefined} />);
    chooseFile();
    fireEvent.click(screen.getByRole('button', { name: 'Yükle' }));
    const conflicts = await screen.findByTestId('upload-conflicts');
    expect(conflicts.textContent).toContain('DEMO1');
    expect(conflicts.textContent).toContain('02.01.2026');
    expect(conflicts.textContent).toContain('42');
    fireEvent.click(screen.getByRole('button', { name: 'Değiştir' }));
    expect((await screen.findByTestId('upload-result')).textContent).toContain(
      '1 portföy tarihi yenisiyle değiştirildi.',
    );
    const posts = api.calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.search.get('confirmReplace'))).toEqual(['false', 'true']);
    expect(posts[1]?.body, 'the same file goes again as multipart').toBeInstanceOf(FormData);
  });

  it('does not re-send when the replacement is declined', async () => {
    const api = mockApi({
      'POST imports/holdings': problem(409, 'zaten yüklü', {
        conflicts: [{ portfolioCode: 'DEMO1', portfolioDate: '2026-01-02', existingRows: 1 }],
      }),
    });
    renderScreen(<UploadPanel onClose={() => undefined} />);
    chooseFile();
    fireEvent.click(screen.getByRole('button', { name: 'Yükle' }));
    await screen.findByTestId('upload-conflicts');
    fireEvent.click(screen.getByRole('button', { name: 'Vazgeç' }));
    await waitFor(() => expect(screen.queryByTestId('upload-conflicts')).toBeNull());
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});
