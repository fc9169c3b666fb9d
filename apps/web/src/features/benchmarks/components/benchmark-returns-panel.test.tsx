import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderScreen } from '../../../components/testing/render-screen.tsx';
import { BenchmarkReturnsPanel } from './benchmark-returns-panel.tsx';

describe('benchmark returns panel', () => {
  it('lists the positions a holdings benchmark carried at a zero return, largest weight first, in Turkish', async () => {
    mockApi({
      'GET benchmarks/PT1/returns': Response.json({
        points: [],
        priceBasis: 'totalReturn',
        unmapped: [
          {
            instrumentCode: 'SMALL',
            instrumentName: null,
            maxWeightPct: 1.5,
            reason: 'sembol eşleştirmesi yok',
          },
          {
            instrumentCode: 'BIG',
            instrumentName: 'Büyük Hisse',
            maxWeightPct: 12.345,
            reason: 'seri değeri yok',
          },
        ],
      }),
    });
    renderScreen(<BenchmarkReturnsPanel code="PT1" kind="holdings" />);
    const warning = await screen.findByTestId('benchmark-unmapped');
    expect(warning.textContent).toContain('2 pozisyon fiyatlanamadı; getirisi sıfır kabul edildi');
    const items = [...warning.querySelectorAll('li')].map((li) => li.textContent);
    expect(items).toEqual([
      'BIG · Büyük Hisse — en yüksek ağırlık %12,35; seri değeri yok',
      'SMALL — en yüksek ağırlık %1,50; sembol eşleştirmesi yok',
    ]);
    expect(screen.getByText(/portföyün bu dönemde dağılım kaydı/)).toBeTruthy();
  });

  it('shows no warning when every position was priced', async () => {
    mockApi({
      'GET benchmarks/KO1/returns': Response.json({
        points: [],
        unmapped: [],
        priceBasis: 'totalReturn',
      }),
    });
    renderScreen(<BenchmarkReturnsPanel code="KO1" kind="composite" />);
    expect(await screen.findByText(/bileşen serilerinde veri yok/)).toBeTruthy();
    expect(screen.getByTestId('benchmark-price-basis').textContent).toBe(
      'Fiyat esası: Toplam getiri (temettüler dahil)',
    );
    expect(screen.queryByTestId('benchmark-unmapped')).toBeNull();
  });
});
