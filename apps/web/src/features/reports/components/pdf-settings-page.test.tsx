import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PDF_SETTINGS_DEFAULTS, type PdfSettings } from '@fonrisk/contracts';
import {
  mockApi,
  problem,
  renderScreen,
  signInAs,
} from '../../../components/testing/render-screen.tsx';
import { checkLogo } from './logo-check.ts';
import { PdfSettingsPage } from './pdf-settings-page.tsx';
import { bodyOf } from './reports.fixture.ts';

const SETTINGS: PdfSettings = {
  ...PDF_SETTINGS_DEFAULTS,
  logo: { mimeType: 'image/png', sizeBytes: 20_480, uploadedAt: '2026-11-01T09:00:00.000Z' },
  updatedAt: null,
};

beforeEach(() => {
  signInAs('Admin');
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: () => 'blob:tek-sayfa',
      revokeObjectURL: () => undefined,
    }),
  );
});

function chooseFile(file: File): void {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files: [file] } });
}

describe('pdf-settings', () => {
  it('checks a logo before upload, shows its size and the API refusal in Turkish', async () => {
    const api = mockApi({
      'GET pdf-settings': () => Response.json(SETTINGS),
      'PUT pdf-settings/logo': () =>
        problem(400, 'Logo dosyası PNG veya SVG değil: içeriği bir resim olarak tanınmadı.'),
    });
    renderScreen(<PdfSettingsPage />);
    expect((await screen.findByTestId('logo-current')).textContent).toBe(
      'PNG · 20,0 KB · 01.11.2026 12:00',
    );
    chooseFile(new File(['x'.repeat(600 * 1024)], 'buyuk.png', { type: 'image/png' }));
    expect(await screen.findByText('Dosya 600,0 KB; en fazla 512 KB olabilir.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Logoyu yükle' })).toHaveProperty('disabled', true);

    chooseFile(new File(['metin'], 'not.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Yalnız PNG, JPEG veya SVG dosyası yüklenebilir.')).toBeTruthy();

    chooseFile(new File(['<html>'], 'logo.png', { type: 'image/png' }));
    expect((await screen.findByTestId('logo-selected')).textContent).toBe(
      'Seçilen: logo.png (0,0 KB)',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Logoyu yükle' }));
    expect(
      await within(screen.getByTestId('logo-panel')).findByText(
        'Logo dosyası PNG veya SVG değil: içeriği bir resim olarak tanınmadı.',
      ),
    ).toBeTruthy();
    const put = api.calls.find((c) => c.method === 'PUT' && c.path === 'pdf-settings/logo')!;
    expect((put.body as FormData).get('file')).toBeInstanceOf(File);
  });

  it('saves the branding and previews one page with unsaved values', async () => {
    const api = mockApi({
      'GET pdf-settings': () => Response.json(SETTINGS),
      'PUT pdf-settings': (call) =>
        Response.json({ ...SETTINGS, ...(JSON.parse(call.body as string) as object) }),
      'POST pdf-settings/preview': () =>
        new Response('%PDF', { headers: { 'Content-Type': 'application/pdf' } }),
    });
    renderScreen(<PdfSettingsPage />);
    const company = await screen.findByRole('textbox', { name: 'Şirket adı' });
    fireEvent.change(company, { target: { value: 'Örnek Portföy A.Ş.' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Alt bilgi metni' }), {
      target: { value: 'Gizlidir — yalnız yönetim kurulu için.' },
    });
    fireEvent.click(screen.getByText('Yatay'));
    fireEvent.click(screen.getByRole('button', { name: 'Tek sayfa önizleme' }));
    expect(await screen.findByTestId('pdf-preview-frame')).toBeTruthy();
    expect(bodyOf(api.calls, 'POST', 'pdf-settings/preview')).toMatchObject({
      companyName: 'Örnek Portföy A.Ş.',
      orientation: 'landscape',
    });

    fireEvent.change(company, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByText('şirket adı gerekli')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(company, { target: { value: 'Örnek Portföy A.Ş.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(bodyOf(api.calls, 'PUT', 'pdf-settings')).toEqual({
      companyName: 'Örnek Portföy A.Ş.',
      primaryColor: PDF_SETTINGS_DEFAULTS.primaryColor,
      accentColor: PDF_SETTINGS_DEFAULTS.accentColor,
      textColor: PDF_SETTINGS_DEFAULTS.textColor,
      font: 'Roboto',
      headerText: '',
      footerText: 'Gizlidir — yalnız yönetim kurulu için.',
      pageSize: 'A4',
      orientation: 'landscape',
    });
  });

  it('lets only Admins change the branding; others preview it', async () => {
    signInAs('Hesaplayici');
    mockApi({ 'GET pdf-settings': () => Response.json(SETTINGS) });
    renderScreen(<PdfSettingsPage />);
    expect(await screen.findByText(/yalnız yöneticiler değiştirebilir/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Kaydet' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Logoyu yükle' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Tek sayfa önizleme' })).toBeTruthy();
  });

  it('accepts PNG, JPEG and SVG by name or type', () => {
    expect(checkLogo({ name: 'logo.SVG', size: 10, type: '' })).toBeNull();
    expect(checkLogo({ name: 'logo', size: 10, type: 'image/png' })).toBeNull();
    expect(checkLogo({ name: 'logo.jpg', size: 10, type: 'image/jpeg' })).toBeNull();
    expect(checkLogo({ name: 'logo.gif', size: 10, type: 'image/gif' })).toBe(
      'Yalnız PNG, JPEG veya SVG dosyası yüklenebilir.',
    );
  });
});
