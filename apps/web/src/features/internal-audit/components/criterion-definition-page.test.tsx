import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  mockApi,
  problem,
  renderScreen,
  signInAs,
} from '../../../components/testing/render-screen.tsx';
import { CriterionDefinitionPage } from './criterion-definition-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const AMBIGUOUS = {
  row: 2,
  column: 'comparison.limit',
  text: '1.250',
  format: 'tr',
  value: 1250,
  otherValue: 1.25,
  message: "Satır 2, 'comparison.limit' sütunu: '1.250' biçimi belli değil",
};

async function chooseCriteriaFile(): Promise<void> {
  await screen.findByRole('button', { name: 'İçe aktar (JSON/Excel)' });
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (input === null) throw new Error('no file input');
  fireEvent.change(input, {
    target: { files: [new File(['x'], 'kriterler.xlsx')] },
  });
}

describe('criteria import (issue 21: numbers read as the file means them)', () => {
  it('shows both readings of each ambiguous cell and re-sends with acceptWarnings=true once confirmed', async () => {
    signInAs('Admin');
    const api = mockApi({
      'GET internal-audit/criteria': Response.json([]),
      'POST internal-audit/criteria/import': (call) =>
        call.search.get('acceptWarnings') === 'true'
          ? Response.json({ created: 1, updated: 0, unchanged: 0 })
          : problem(409, 'Dosyadaki sayıların biçimi belli değil. Hiçbir kayıt yazılmadı.', {
              ambiguousNumbers: [AMBIGUOUS],
            }),
    });
    renderScreen(<CriterionDefinitionPage />);
    await chooseCriteriaFile();
    const table = await screen.findByTestId('ambiguous-numbers');
    const cells = [...table.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => td.textContent),
    );
    expect(cells).toEqual([['2', 'comparison.limit', '1.250', '1.250', '1,25']]);
    fireEvent.click(screen.getByRole('button', { name: 'Onayla ve yükle' }));
    await waitFor(() => expect(screen.queryByTestId('ambiguous-numbers')).toBeNull());
    const posts = api.calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.search.get('acceptWarnings'))).toEqual(['false', 'true']);
    expect((posts[1]!.body as FormData).get('file')).toBeInstanceOf(File);
  });

  it('sends nothing more when the user cancels the confirmation', async () => {
    signInAs('Admin');
    const api = mockApi({
      'GET internal-audit/criteria': Response.json([]),
      'POST internal-audit/criteria/import': problem(409, 'Biçim belli değil.', {
        ambiguousNumbers: [AMBIGUOUS],
      }),
    });
    renderScreen(<CriterionDefinitionPage />);
    await chooseCriteriaFile();
    await screen.findByTestId('ambiguous-numbers');
    fireEvent.click(screen.getByRole('button', { name: 'Vazgeç' }));
    await waitFor(() => expect(screen.queryByTestId('ambiguous-numbers')).toBeNull());
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});
