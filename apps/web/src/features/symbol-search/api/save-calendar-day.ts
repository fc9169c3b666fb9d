import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarDayKindInput } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { calendarKey } from './get-calendar.ts';

/** PUT calendar/{date}: make the day a holiday, a half day or a business day. */
export async function saveCalendarDay(input: {
  date: string;
  kind: CalendarDayKindInput;
  name: string;
}): Promise<void> {
  await api.put(`calendar/${input.date}`, { kind: input.kind, name: input.name });
}

export function useSaveCalendarDay() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveCalendarDay,
    onSuccess: () => client.invalidateQueries({ queryKey: calendarKey }),
  });
}
