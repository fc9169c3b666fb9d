import { useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/render.tsx';
import { PeriodFields, periodInputsOf, type PeriodState } from './period-fields.tsx';

const empty: PeriodState = { dateMode: 'single', asOfDate: '', fromDate: '', toDate: '' };

describe('periodInputsOf', () => {
  it('sends the date of the chosen mode only, empty fields as absent', () => {
    const s = { ...empty, asOfDate: '2026-11-20', fromDate: '2026-01-02', toDate: '2026-06-30' };
    expect(periodInputsOf(s)).toEqual({ asOfDate: '2026-11-20' });
    expect(periodInputsOf({ ...s, dateMode: 'range' })).toEqual({
      fromDate: '2026-01-02',
      toDate: '2026-06-30',
    });
    expect(periodInputsOf({ ...empty, dateMode: 'range' })).toEqual({
      fromDate: undefined,
      toDate: undefined,
    });
  });
});

function Harness({ errors }: { errors: Partial<Record<'asOfDate' | 'fromDate', string>> }) {
  const [state, setState] = useState<PeriodState>(empty);
  return (
    <PeriodFields
      state={state}
      onChange={(patch) => setState((s) => ({ ...s, ...patch }))}
      errors={errors}
      asOfLabel="Denetim tarihi"
    />
  );
}

describe('PeriodFields', () => {
  it('shows the screen’s own date, then the range with the date error under its start', () => {
    renderUi(<Harness errors={{ asOfDate: 'tarih gerekli' }} />);
    expect(screen.getByLabelText('Denetim tarihi')).toBeTruthy();
    expect(screen.queryByLabelText('Başlangıç tarihi')).toBeNull();
    fireEvent.click(screen.getByText('Tarih aralığı'));
    expect(screen.queryByLabelText('Denetim tarihi')).toBeNull();
    expect(screen.getByLabelText('Başlangıç tarihi')).toBeTruthy();
    expect(screen.getByLabelText('Bitiş tarihi')).toBeTruthy();
    expect(screen.getByText('tarih gerekli')).toBeTruthy();
  });
});
