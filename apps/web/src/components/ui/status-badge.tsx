import { Badge } from '@mantine/core';

/** The colours of the job states runs and reports share (a run may also be cancelled). */
export const JOB_STATUS_COLORS = {
  queued: 'gray',
  running: 'blue',
  done: 'green',
  failed: 'red',
  cancelled: 'orange',
} as const;

/** A job's Turkish state as a light badge; `data-status` carries the state for tests. */
export function StatusBadge<S extends keyof typeof JOB_STATUS_COLORS>({
  status,
  labels,
  testId,
}: {
  readonly status: S;
  readonly labels: Readonly<Record<S, string>>;
  readonly testId: string;
}) {
  return (
    <Badge
      color={JOB_STATUS_COLORS[status]}
      variant="light"
      data-testid={testId}
      data-status={status}
    >
      {labels[status]}
    </Badge>
  );
}
