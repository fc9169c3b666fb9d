import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderScreen, signInAs } from '../../../components/testing/render-screen.tsx';
import { CriterionEditor } from './criterion-editor.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CriterionEditor', () => {
  it('binds text, limit and filter fields to the rule it posts, and removes a filter row', async () => {
    signInAs('Admin');
    const api = mockApi({
      'GET portfolios': () => Response.json([]),
      'POST internal-audit/criteria': (call) =>
        Response.json({ ...(JSON.parse(call.body as string) as object), version: 1 }),
    });
    renderScreen(<CriterionEditor criterion={null} onClose={() => undefined} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Kod' }), {
      target: { value: 'IC-HISSE-20' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Ad' }), {
      target: { value: 'Tek hisse en fazla %20' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Mevzuat kaynağı' }), {
      target: { value: 'İç politika' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Filtre ekle' }));
    expect(screen.getByTestId('filter-0')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Filtreyi kaldır' }));
    expect(screen.queryByTestId('filter-0')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByText('limit sayı olmalı')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /^Limit/ }), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    const post = api.calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(post.body as string)).toMatchObject({
      code: 'IC-HISSE-20',
      name: 'Tek hisse en fazla %20',
      source: 'İç politika',
      group: 'İç limitler',
      filters: [],
      comparison: { kind: 'max', limit: 0.2 },
    });
  });
});
