import { useMutation, useQueryClient } from '@tanstack/react-query';
import { REPORT_PATHS } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { apiPath, schedulesKey } from './report-cache.ts';

/** DELETE report-schedules/{id}; the reports it made stay. */
export async function deleteSchedule(id: number): Promise<void> {
  await api.delete(apiPath(REPORT_PATHS.schedule, { id }));
}

export function useDeleteSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteSchedule,
    onSuccess: () => client.invalidateQueries({ queryKey: schedulesKey }),
  });
}
