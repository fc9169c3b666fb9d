import { queryOptions, useQuery } from '@tanstack/react-query';
import { REPORT_PATHS, ReportScheduleSchema, type ReportSchedule } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { apiPath, schedulesKey } from './report-cache.ts';

/** GET report-schedules: the user's scheduled reports (Admin: everyone's). */
export async function getSchedules(): Promise<ReportSchedule[]> {
  return ReportScheduleSchema.array().parse(
    await api.get<unknown>(apiPath(REPORT_PATHS.schedules)),
  );
}

export const schedulesQuery = queryOptions({ queryKey: schedulesKey, queryFn: getSchedules });

export function useSchedules() {
  return useQuery(schedulesQuery);
}
