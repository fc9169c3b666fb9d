import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/render.tsx';
import { SourceNote, splitSourceNote } from './source-note.tsx';

describe('splitSourceNote', () => {
  it('takes the bracketed note out of the source text', () => {
    expect(splitSourceNote('Tebliğ III-52.1 m.17 [ikincil kaynak: SPK soru bankası]')).toEqual({
      text: 'Tebliğ III-52.1 m.17',
      note: 'ikincil kaynak: SPK soru bankası',
    });
    expect(
      splitSourceNote('Tebliğ III-52.1 [ikincil kaynak]; vade kuralları Rehber §4.2.6'),
    ).toEqual({ text: 'Tebliğ III-52.1; vade kuralları Rehber §4.2.6', note: 'ikincil kaynak' });
    expect(splitSourceNote(' Rehber §4.1 ')).toEqual({ text: 'Rehber §4.1', note: null });
  });
});

describe('SourceNote', () => {
  it('is a small marker, not a badge; its popover shows the source and the missing confirmation', async () => {
    renderUi(
      <SourceNote
        source="Tebliğ III-52.1 m.17 [ikincil kaynak: SPK soru bankası]"
        confirmed={false}
        testId="note"
      />,
    );
    const marker = screen.getByRole('button', { name: 'Kaynak bilgisi' });
    expect(marker.textContent).toBe('');
    expect(document.querySelector('.mantine-Badge-root')).toBeNull();
    expect(screen.queryByText(/Tebliğ III-52.1 m.17/)).toBeNull();
    fireEvent.click(marker);
    expect(await screen.findByText(/Tebliğ III-52.1 m.17/)).toBeTruthy();
    expect(screen.getByText('İkincil kaynak: SPK soru bankası')).toBeTruthy();
    expect(screen.getByText(/henüz teyit edilmedi/)).toBeTruthy();
  });

  it('opens without clicking the row it sits in', async () => {
    let rowClicks = 0;
    renderUi(
      <div role="presentation" onClick={() => (rowClicks += 1)}>
        <SourceNote source="Rehber §4.1" />
      </div>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Kaynak bilgisi' }));
    expect(await screen.findByText(/Rehber §4.1/)).toBeTruthy();
    expect(rowClicks).toBe(0);
  });

  it('says nothing about confirmation for a confirmed source', async () => {
    renderUi(<SourceNote source="Rehber §4.1" />);
    fireEvent.click(screen.getByRole('button', { name: 'Kaynak bilgisi' }));
    expect(await screen.findByText(/Rehber §4.1/)).toBeTruthy();
    expect(screen.queryByText(/teyit/)).toBeNull();
  });
});
