import { Stack, Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { USER_ADMIN_ROLES } from '@fonrisk/contracts';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { useCanWrite } from '../../../components/permissions/use-can-write.ts';
import { useSession } from '../../../lib/use-session.ts';
import { REPORT_MESSAGES as M } from '../messages.ts';
import { ReportList } from './report-list.tsx';
import { SchedulesPanel } from './schedules-panel.tsx';

/** my-reports: the reports tab (grouped by module) and the scheduled reports tab (`?tab=schedules`). */
export function MyReportsPage() {
  const session = useSession();
  const canWrite = useCanWrite();
  const isAdmin =
    session !== null && (USER_ADMIN_ROLES as readonly string[]).includes(session.role);
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'schedules' ? 'schedules' : 'reports';
  return (
    <Stack gap="md">
      <PageHeader
        path="my-reports"
        subtitle={isAdmin ? M.myReportsAdminSubtitle : M.myReportsSubtitle}
      />
      <Tabs
        value={tab}
        onChange={(next) =>
          setParams((p) => {
            const out = new URLSearchParams(p);
            if (next === 'schedules') out.set('tab', 'schedules');
            else out.delete('tab');
            return out;
          })
        }
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="reports">{M.tabReports}</Tabs.Tab>
          <Tabs.Tab value="schedules">{M.tabSchedules}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="reports" pt="md">
          <ReportList showOwner={isAdmin} canWrite={canWrite} />
        </Tabs.Panel>
        <Tabs.Panel value="schedules" pt="md">
          <SchedulesPanel showOwner={isAdmin} canWrite={canWrite} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
