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
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
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

  it('says which cells were read from a saved formula result (issue 22)', async () => {
    mockApi({
      'POST imports/prices': Response.json({
        ...OK,
        kind: 'prices',
        rowCount: 60,
        inserted: 60,
        cachedFormulaCount: 52,
        cachedFormulaCells: [
          { cell: 'C2', row: 2, column: 'Kapanış' },
          { cell: 'C3', row: 3, column: 'Kapanış' },
        ],
      }),
    });
    renderScreen(<UploadPanel onClose={() => undefined} initialKind="prices" />);
    chooseFile('fiyatlar.xlsx');
    fireEvent.click(screen.getByRole('button', { name: 'Yükle' }));
    expect((await screen.findByTestId('upload-cached-formulas')).textContent).toBe(
      "52 hücre formülün Excel’de kayıtlı son sonucundan okundu (formül yeniden hesaplanmadı; değerleri kontrol edin): C2 (satır 2, 'Kapanış'), C3 (satır 3, 'Kapanış') ve 50 hücre daha.",
    );
  });

  it('shows no formula note when no cell came from a formula', async () => {
    mockApi({ 'POST imports/holdings': Response.json(OK) });
    renderScreen(<UploadPanel onClose={() => undefined} />);
    chooseFile();
    fireEvent.click(screen.getByRole('button', { name: 'Yükle' }));
    await screen.findByTestId('upload-result');
    expect(screen.queryByTestId('upload-cached-formulas')).toBeNull();
  });

  it('lists the stored FX rates a file would change and re-sends with confirmReplace=true once confirmed', async () => {
    const fieldChanges = [
      {
        record: 'USD',
        date: '2026-11-27',
        field: 'forexBuying',
        label: 'Döviz Alış',
        old: 34.1,
        new: 34.5,
      },
      { record: 'AKSUT', date: null, field: 'sector', label: 'Sektör', old: 'Tekstil', new: null },
    ];
    const api = mockApi({
      'POST imports/fxRates': (call) =>
        call.search.get('confirmReplace') === 'true'
          ? Response.json({ ...OK, kind: 'fxRates', rowCount: 1, updated: 1, fieldChanges })
          : problem(409, 'Kayıtlı 1 değer değişecek', { fieldChanges }),
    });
    renderScreen(<UploadPanel onClose={() => undefined} initialKind="fxRates" />);
    chooseFile('kurlar.csv');
    fireEvent.click(screen.getByRole('button', { name: 'Yükle' }));
    const table = await screen.findByTestId('upload-field-changes');
    const cells = [...table.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => td.textContent),
    );
    expect(cells).toEqual([
      ['USD', '27.11.2026', 'Döviz Alış', '34,1000', '34,5000'],
      ['AKSUT', '', 'Sektör', 'Tekstil', '(boş)'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Değiştir' }));
    expect((await screen.findByTestId('upload-result')).textContent).toContain(
      '2 kayıtlı değer değiştirildi',
    );
    const posts = api.calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.search.get('confirmReplace'))).toEqual(['false', 'true']);
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

  it('creates unknown price tickers only after the user chose their kind and confirmed', async () => {
    const confirm = {
      unknownTickers: [
        { ticker: 'YENI1', row: 2, rows: 3, kind: null, currency: null, name: null },
      ],
      changes: [{ ticker: 'ESKI', date: '2025-01-03', old: 11, new: 11.5 }],
      warnings: [],
    };
    const api = mockApi({
      'POST imports/prices': (call) =>
        (call.body as FormData).get('newSeries') === null
          ? problem(409, 'Onay gerekiyor', confirm)
          : Response.json({
              kind: 'prices',
              rowCount: 4,
              inserted: 3,
              updated: 1,
              replacedSnapshots: [],
              createdSeries: ['YENI1'],
              changes: confirm.changes,
              acceptedWarnings: 0,
            }),
    });
    renderScreen(<UploadPanel initialKind="prices" onClose={() => undefined} />);
    chooseFile('fiyat.csv');
    fireEvent.click(screen.getByRole('button', { name: 'Yükle' }));
    const unknown = await screen.findByTestId('unknown-tickers');
    expect(unknown.textContent).toContain('YENI1');
    expect((await screen.findByTestId('value-changes')).textContent).toContain('11,5');
    fireEvent.change(screen.getByLabelText('YENI1 Döviz'), { target: { value: 'usd' } });
    fireEvent.click(screen.getByRole('button', { name: 'Onayla ve yükle' }));
    expect((await screen.findByTestId('upload-result')).textContent).toContain(
      'Oluşturulan seriler: YENI1.',
    );
    const posts = api.calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(JSON.parse((posts[1]!.body as FormData).get('newSeries') as string)).toEqual([
      { ticker: 'YENI1', name: 'YENI1', kind: 'price', currency: 'USD', tenorDays: null },
    ]);
    expect(posts[1]!.search.get('confirmReplace'), 'the listed changes were confirmed').toBe(
      'true',
    );
    expect(posts[1]!.search.get('acceptWarnings')).toBe('false');
  });

  it('does not create anything when the confirmation is declined', async () => {
    const api = mockApi({
      'POST imports/prices': problem(409, 'Onay gerekiyor', {
        unknownTickers: [
          { ticker: 'YENI1', row: 2, rows: 1, kind: 'price', currency: 'TRY', name: 'Yeni' },
        ],
      }),
    });
    renderScreen(<UploadPanel initialKind="prices" onClose={() => undefined} />);
    chooseFile('fiyat.csv');
    fireEvent.click(screen.getByRole('button', { name: 'Yükle' }));
    await screen.findByTestId('unknown-tickers');
    fireEvent.click(screen.getByRole('button', { name: 'Vazgeç' }));
    await waitFor(() => expect(screen.queryByTestId('unknown-tickers')).toBeNull());
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('lists ambiguous number cells with both readings and re-sends with acceptWarnings=true once confirmed', async () => {
    const api = mockApi({
      'GET imports/settings': Response.json({ numberFormat: 'tr' }),
      'POST imports/holdings': (call) =>
        call.search.get('acceptWarnings') === 'true'
          ? Response.json(OK)
          : problem(409, 'Dosyadaki sayıların biçimi belli değil.', {
              ambiguousNumbers: [
                {
                  row: 2,
                  column: 'Nominal Değer',
                  text: '276.000',
                  format: 'tr',
                  value: 276000,
                  otherValue: 276,
                  message: 'x',
                },
              ],
            }),
    });
    renderScreen(<UploadPanel onClose={() => undefined} />);
    chooseFile();
    fireEvent.click(screen.getByRole('button', { name: 'Yükle' }));
    const table = await screen.findByTestId('ambiguous-numbers');
    const cells = [...table.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => td.textContent),
    );
    expect(cells).toEqual([['2', 'Nominal Değer', '276.000', '276.000', '276']]);
    fireEvent.click(screen.getByRole('button', { name: 'Onayla ve yükle' }));
    await screen.findByTestId('upload-result');
    const posts = api.calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.search.get('acceptWarnings'))).toEqual(['false', 'true']);
    // The confirmation carries the reading the table showed (decision 0069).
    expect(posts.map((c) => c.search.get('numberFormat'))).toEqual([null, 'tr']);
  });

  it('lets the user choose the other reading of ambiguous numbers: the table shows what is stored, the confirmation sends that format', async () => {
    const api = mockApi({
      'GET imports/settings': Response.json({ numberFormat: 'tr' }),
      'POST imports/fxRates': (call) =>
        call.search.get('acceptWarnings') === 'true'
          ? Response.json({ ...OK, kind: 'fxRates' })
          : problem(409, 'Dosyadaki sayıların biçimi belli değil.', {
              ambiguousNumbers: [
                {
                  row: 2,
                  column: 'forexBuying',
                  text: '1,000',
                  format: 'tr',
                  value: 1,
                  otherValue: 1000,
                  message: 'x',
                },
              ],
            }),
    });
    renderScreen(<UploadPanel onClose={() => undefined} initialKind="fxRates" />);
    chooseFile();
    fireEvent.click(screen.getByRole('button', { name: 'Yükle' }));
    const table = await screen.findByTestId('ambiguous-numbers');
    const rows = () =>
      [...table.querySelectorAll('tbody tr')].map((tr) =>
        [...tr.querySelectorAll('td')].map((td) => td.textContent),
      );
    expect(rows()).toEqual([['2', 'forexBuying', '1,000', '1', '1.000']]);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Türkçe (1.234,56)' }).checked).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('radio', { name: 'Uluslararası (1,234.56)' }));
    // Stored: a thousand; the other reading: one.
    expect(rows()).toEqual([['2', 'forexBuying', '1,000', '1.000', '1']]);
    fireEvent.click(screen.getByRole('button', { name: 'Onayla ve yükle' }));
    await screen.findByTestId('upload-result');
    const posts = api.calls.filter((c) => c.method === 'POST');
    expect(
      posts.map((c) => [c.search.get('acceptWarnings'), c.search.get('numberFormat')]),
    ).toEqual([
      ['false', null],
      ['true', 'intl'],
    ]);
  });
});
