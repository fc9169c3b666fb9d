import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  REPORT_PATHS,
  ReportScheduleSchema,
  type ReportSchedule,
  type ReportScheduleInput,
} from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { apiPath, schedulesKey } from './report-cache.ts';

/** POST report-schedules (new) or PUT report-schedules/{id}. */
export async function saveSchedule({
  id,
  request,
}: {
  id: number | null;
  request: ReportScheduleInput;
}): Promise<ReportSchedule> {
  const saved =
    id === null
      ? await api.post<unknown>(apiPath(REPORT_PATHS.schedules), request)
      : await api.put<unknown>(apiPath(REPORT_PATHS.schedule, { id }), request);
  return ReportScheduleSchema.parse(saved);
}

export function useSaveSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveSchedule,
    onSuccess: () => client.invalidateQueries({ queryKey: schedulesKey }),
  });
}
