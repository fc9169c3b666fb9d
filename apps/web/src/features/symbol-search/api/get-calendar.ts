import { useQuery } from '@tanstack/react-query';
import { CalendarYearSchema, type CalendarYear } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';

export const calendarKey = ['calendar'] as const;

/** GET calendar?year=: the year's holidays and half days, the overrides and the source. */
export async function getCalendar(year: number): Promise<CalendarYear> {
  return CalendarYearSchema.parse(await api.get<unknown>('calendar', { year }));
}

export function useCalendar(year: number) {
  return useQuery({ queryKey: [...calendarKey, year], queryFn: () => getCalendar(year) });
}
