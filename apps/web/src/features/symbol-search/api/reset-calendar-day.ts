import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { calendarKey } from './get-calendar.ts';

/** DELETE calendar/{date}: back to the built-in calendar for that day. */
export async function resetCalendarDay(date: string): Promise<void> {
  await api.delete(`calendar/${date}`);
}

export function useResetCalendarDay() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resetCalendarDay,
    onSuccess: () => client.invalidateQueries({ queryKey: calendarKey }),
  });
}
