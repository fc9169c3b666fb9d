import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { VAR_SETTINGS_DEFAULTS } from '@fonrisk/contracts';
import { mockApi, renderScreen, signInAs } from '../../../components/testing/render-screen.tsx';
import { VarSettingsPage } from './var-settings-page.tsx';

beforeEach(() => signInAs('Admin'));

function renderSettings() {
  const api = mockApi({
    'GET var-settings': Response.json({
      settings: { ...VAR_SETTINGS_DEFAULTS, dailyBatchEnabled: true },
      updatedAt: null,
    }),
    'GET portfolios': Response.json([]),
    'PUT var-settings': (call) =>
      Response.json({
        settings: JSON.parse(call.body as string) as unknown,
        updatedAt: '2026-11-21T10:00:00Z',
      }),
  });
  renderScreen(<VarSettingsPage />);
  return api;
}

describe('RMD analysis settings: the daily batch time', () => {
  it('is typed as 24-hour SS:DD whatever the browser locale, a short form completed on leaving the field', async () => {
    const api = renderSettings();
    const time = await screen.findByLabelText('Saat (İstanbul)');
    expect(time.getAttribute('type')).not.toBe('time');
    fireEvent.change(time, { target: { value: '9.30' } });
    fireEvent.blur(time);
    expect((time as HTMLInputElement).value).toBe('09:30');
    fireEvent.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    const sent = JSON.parse(api.calls.find((c) => c.method === 'PUT')!.body as string) as {
      dailyBatchTime: string;
    };
    expect(sent.dailyBatchTime).toBe('09:30');
  });

  it('refuses a time that is not SS:DD with the field named, and sends nothing', async () => {
    const api = renderSettings();
    const time = await screen.findByLabelText('Saat (İstanbul)');
    fireEvent.change(time, { target: { value: '25:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByText('günlük hesaplama saati SS:DD biçiminde olmalı')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});

describe('RMD analysis settings: the threshold of "RMD neden değişti?"', () => {
  it('shows the 5-point default and saves a new threshold', async () => {
    const api = renderSettings();
    const input = await screen.findByLabelText(
      'RMD değişimini açıklama eşiği (limit kullanımı, puan)',
    );
    expect((input as HTMLInputElement).value).toBe('5');
    fireEvent.change(input, { target: { value: '7,5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    const sent = JSON.parse(api.calls.find((c) => c.method === 'PUT')!.body as string) as {
      varChangeExplainPoints: number;
    };
    expect(sent.varChangeExplainPoints).toBe(7.5);
  });
});

describe('RMD analysis settings: a stored document that no longer validates', () => {
  it('says which stored fields are invalid instead of showing the defaults silently', async () => {
    mockApi({
      'GET var-settings': Response.json({
        settings: VAR_SETTINGS_DEFAULTS,
        updatedAt: '2026-11-20T10:00:00Z',
        storedProblems: [
          { field: 'confidenceLevel', message: 'güven düzeyi en fazla 0,9999 olmalı' },
        ],
      }),
      'GET portfolios': Response.json([]),
    });
    renderScreen(<VarSettingsPage />);
    const alert = await screen.findByTestId('stored-invalid');
    expect(alert.textContent).toContain('Kayıtlı ayarlar geçersiz');
    expect(alert.textContent).toContain('confidenceLevel: güven düzeyi en fazla 0,9999 olmalı');
  });
});
