import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Problem } from '@fonrisk/contracts';
import { mockApi, problem, renderScreen } from '../../../components/testing/render-screen.tsx';
import { UploadPanel } from './upload-panel.tsx';

type Unknown = NonNullable<Problem['unknownPortfolios']>[number];

const unknown = (patch: Partial<Unknown> = {}): Unknown => ({
  portfolioCode: 'TURFON',
  row: 2,
  rows: 3,
  kind: null,
  name: null,
  currency: null,
  fundCategory: null,
  ...patch,
});

const CREATED = {
  kind: 'holdings',
  rowCount: 3,
  inserted: 3,
  updated: 0,
  replacedSnapshots: [],
  createdPortfolios: ['TURFON'],
};

/** An upload endpoint that answers 409 for `list` until the request carries `newPortfolios`. */
function holdingsApi(list: Unknown[]) {
  return mockApi({
    'POST imports/holdings': (call) =>
      (call.body as FormData).get('newPortfolios') === null
        ? problem(409, 'Dosyada tanımlı olmayan portföy kodları var: TURFON.', {
            unknownPortfolios: list,
          })
        : Response.json(CREATED),
  });
}

async function upload(): Promise<void> {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (input === null) throw new Error('no file input');
  fireEvent.change(input, {
    target: { files: [new File(['Portföy Kodu\n'], 'turfon.csv', { type: 'text/csv' })] },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Yükle' }));
  await screen.findByTestId('unknown-portfolios');
}

const sent = (calls: readonly { method: string; body: unknown }[]) =>
  JSON.parse(
    (calls.filter((c) => c.method === 'POST')[1]!.body as FormData).get('newPortfolios') as string,
  ) as unknown;

describe('unknown portfolio codes on the upload dialog (issue 21)', () => {
  it('asks for the fund category, then creates the portfolio with the file', async () => {
    const api = holdingsApi([unknown()]);
    renderScreen(<UploadPanel onClose={() => undefined} />);
    await upload();
    expect(screen.getByTestId('unknown-portfolios').textContent).toContain('2 (3)');
    fireEvent.click(screen.getByRole('button', { name: 'Portföyleri oluştur ve yükle' }));
    expect((await screen.findByTestId('new-portfolio-problems')).textContent).toBe(
      'TURFON: Fon Kategorisi – fon için fon kategorisi seçilmeli',
    );
    expect(
      api.calls.filter((c) => c.method === 'POST'),
      'nothing sent without a category',
    ).toHaveLength(1);

    fireEvent.click(screen.getByRole('textbox', { name: 'TURFON Fon Kategorisi' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Hisse Senedi Fonu', hidden: true }));
    fireEvent.change(screen.getByLabelText('TURFON Portföy Adı'), {
      target: { value: 'Tur Hisse Fonu' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Portföyleri oluştur ve yükle' }));
    expect((await screen.findByTestId('upload-result')).textContent).toContain(
      'Oluşturulan portföyler: TURFON.',
    );
    expect(sent(api.calls)).toEqual([
      {
        code: 'TURFON',
        name: 'Tur Hisse Fonu',
        kind: 'fund',
        fundCategory: 'equity',
        currency: 'TRY',
        referenceBenchmarkCode: null,
        managementCompany: null,
      },
    ]);
  });

  it('takes the proposal of a fund defined on fund-creation as it is', async () => {
    const api = holdingsApi([
      unknown({ kind: 'fund', name: 'Tur Fonu', currency: 'USD', fundCategory: 'mixed' }),
    ]);
    renderScreen(<UploadPanel onClose={() => undefined} />);
    await upload();
    fireEvent.click(screen.getByRole('button', { name: 'Portföyleri oluştur ve yükle' }));
    await screen.findByTestId('upload-result');
    expect(sent(api.calls)).toEqual([
      expect.objectContaining({ name: 'Tur Fonu', currency: 'USD', fundCategory: 'mixed' }),
    ]);
  });

  it('creates a customer portfolio without category', async () => {
    const api = holdingsApi([unknown()]);
    renderScreen(<UploadPanel onClose={() => undefined} />);
    await upload();
    fireEvent.click(screen.getByRole('textbox', { name: 'TURFON Tür' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Müşteri Portföyü', hidden: true }));
    expect(screen.getByRole('textbox', { name: 'TURFON Fon Kategorisi' })).toHaveProperty(
      'disabled',
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Portföyleri oluştur ve yükle' }));
    await screen.findByTestId('upload-result');
    expect(sent(api.calls)).toEqual([
      expect.objectContaining({ kind: 'customer', fundCategory: null }),
    ]);
  });

  it('writes nothing when the user declines', async () => {
    const api = holdingsApi([unknown()]);
    renderScreen(<UploadPanel onClose={() => undefined} />);
    await upload();
    fireEvent.click(screen.getByRole('button', { name: 'Vazgeç' }));
    await waitFor(() => expect(screen.queryByTestId('unknown-portfolios')).toBeNull());
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});
