import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderScreen, signInAs } from '../../../components/testing/render-screen.tsx';
import { BOARD_TEMPLATE, OWN_TEMPLATE, bodyOf } from './reports.fixture.ts';
import { TemplateSettingsPage } from './template-settings-page.tsx';
import { analysisTypeOptions, moveSection, draftSection } from './template-draft.ts';

const PDF = () =>
  new Response('%PDF-1.7', {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': 'inline; filename="onizleme.pdf"',
    },
  });

beforeEach(() => {
  signInAs('Hesaplayici');
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: () => 'blob:onizleme',
      revokeObjectURL: () => undefined,
    }),
  );
});

function templatesApi() {
  return mockApi({
    'GET report-templates': () => Response.json([BOARD_TEMPLATE, OWN_TEMPLATE]),
    'GET analyses/runs': () => Response.json({ total: 0, items: [] }),
    'POST report-templates/preview': PDF,
    'POST report-templates': (call) =>
      Response.json({
        ...OWN_TEMPLATE,
        ...(JSON.parse(call.body as string) as object),
        id: 12,
      }),
    'PUT report-templates/9': (call) =>
      Response.json({ ...OWN_TEMPLATE, ...(JSON.parse(call.body as string) as object) }),
  });
}

describe('template-settings', () => {
  it('opens a shipped template read-only with its preview, and copies it to edit', async () => {
    const api = templatesApi();
    renderScreen(<TemplateSettingsPage />);
    const table = await screen.findByTestId('template-table');
    const shippedRow = within(table).getByText(BOARD_TEMPLATE.name).closest('tr')!;
    expect(within(shippedRow).queryByRole('button', { name: 'Sil' })).toBeNull();
    fireEvent.click(within(shippedRow).getByRole('button', { name: 'Aç' }));
    expect(await screen.findByText(/Hazır şablonlar salt okunurdur/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Kaydet' })).toBeNull();
    expect(screen.getAllByTestId('template-section')).toHaveLength(4);
    // Opening previews the template on the demo fund at once.
    expect(await screen.findByTestId('pdf-preview-frame')).toBeTruthy();
    expect(bodyOf(api.calls, 'POST', 'report-templates/preview')).toMatchObject({
      name: BOARD_TEMPLATE.name,
      sections: BOARD_TEMPLATE.sections,
    });

    fireEvent.click(within(shippedRow).getByRole('button', { name: 'Kopyala' }));
    const name = await screen.findByRole('textbox', { name: 'Şablon adı' });
    expect((name as HTMLInputElement).value).toBe(`${BOARD_TEMPLATE.name} (kopya)`);
    // Move the page break above the analysis section, drop the breaches, add a text block.
    const sections = screen.getAllByTestId('template-section');
    fireEvent.click(within(sections[2]!).getByRole('button', { name: 'Yukarı taşı' }));
    fireEvent.click(
      within(screen.getAllByTestId('template-section')[3]!).getByRole('button', {
        name: 'Bölümü kaldır',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: '+ Serbest metin' }));
    const added = screen.getAllByTestId('template-section')[3]!;
    fireEvent.change(within(added).getByRole('textbox', { name: 'Metin' }), {
      target: { value: 'Sonuç: ' },
    });
    fireEvent.click(within(added).getByRole('button', { name: '{fonAdi}' }));
    fireEvent.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'POST' && c.path === 'report-templates')).toBe(
        true,
      ),
    );
    expect(bodyOf(api.calls, 'POST', 'report-templates')).toEqual({
      name: `${BOARD_TEMPLATE.name} (kopya)`,
      description: BOARD_TEMPLATE.description,
      module: 1,
      includeMethods: true,
      sections: [
        BOARD_TEMPLATE.sections[0],
        { kind: 'pageBreak' },
        BOARD_TEMPLATE.sections[1],
        { kind: 'text', title: '', text: 'Sonuç: {fonAdi}' },
      ],
    });
  });

  it('refuses a template without sections in Turkish and previews unsaved changes', async () => {
    const api = templatesApi();
    renderScreen(<TemplateSettingsPage />);
    const table = await screen.findByTestId('template-table');
    const ownRow = within(table).getByText(OWN_TEMPLATE.name).closest('tr')!;
    fireEvent.click(within(ownRow).getByRole('button', { name: 'Düzenle' }));
    const section = await screen.findByTestId('template-section');
    fireEvent.click(within(section).getByRole('button', { name: 'Bölümü kaldır' }));
    fireEvent.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByText('en az bir bölüm gerekli')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: '+ Sayfa sonu' }));
    fireEvent.click(screen.getByRole('button', { name: '+ Limit aşımları' }));
    const before = api.calls.filter((c) => c.path === 'report-templates/preview').length;
    fireEvent.click(screen.getByRole('button', { name: 'Önizle' }));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path === 'report-templates/preview').length).toBe(
        before + 1,
      ),
    );
    expect(bodyOf(api.calls, 'POST', 'report-templates/preview')).toMatchObject({
      sections: [{ kind: 'pageBreak' }, { kind: 'limitBreaches' }],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
  });

  it('lists every analysis type a section may name once, with its Turkish title', () => {
    const values = analysisTypeOptions().map((o) => o.value);
    expect(new Set(values).size).toBe(values.length);
    expect(analysisTypeOptions().find((o) => o.value === 'var')?.label).toBe('RMD Analizi');
  });

  it('moves sections only inside the list', () => {
    const list = [draftSection({ kind: 'pageBreak' }), draftSection({ kind: 'limitBreaches' })];
    expect(moveSection(list, 0, -1)).toEqual(list);
    expect(moveSection(list, 1, 1)).toEqual(list);
    expect(moveSection(list, 1, -1).map((s) => s.section.kind)).toEqual([
      'limitBreaches',
      'pageBreak',
    ]);
  });
});
