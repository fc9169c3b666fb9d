import { RunLane, RunStatus, type RunStatus as Status } from '@fonrisk/contracts';
import { analysisRuns, eq, users, type AnalysisRunRow, type Database } from '@fonrisk/db';
import type PgBoss from 'pg-boss';
import { enqueueRunJob } from '../runner/run-store.ts';

/** Test helpers: a user, runs queued the way the API queues them, and waiting for a state. */
export async function insertTestUser(db: Database): Promise<number> {
  const [user] = await db
    .insert(users)
    .values({
      username: 'hesap',
      fullName: 'Hesap Uzmanı',
      role: 'Hesaplayici',
      modules: [1],
      passwordHash: 'x',
    })
    .returning({ id: users.id });
  return user!.id;
}

export async function queueRun(
  db: Database,
  boss: PgBoss,
  userId: number,
  analysisType: string,
  inputs: Record<string, unknown>,
  beforeCommit?: (
    runId: string,
    tx: Parameters<Parameters<Database['transaction']>[0]>[0],
  ) => Promise<void>,
  lane: RunLane = RunLane.Interactive,
): Promise<string> {
  return db.transaction(async (tx) => {
    const [run] = await tx
      .insert(analysisRuns)
      .values({ analysisType, inputs, createdBy: userId, createdByName: 'Hesap Uzmanı', lane })
      .returning({ id: analysisRuns.id, lane: analysisRuns.lane });
    await enqueueRunJob(tx, boss, run!);
    await beforeCommit?.(run!.id, tx);
    return run!.id;
  });
}

export async function readRun(db: Database, runId: string): Promise<AnalysisRunRow> {
  const [row] = await db.select().from(analysisRuns).where(eq(analysisRuns.id, runId));
  if (!row) throw new Error(`run ${runId} not found`);
  return row;
}

export async function waitForStatus(
  db: Database,
  runId: string,
  statuses: readonly Status[] = [RunStatus.Done, RunStatus.Failed, RunStatus.Cancelled],
  timeoutMs = 20_000,
): Promise<AnalysisRunRow> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await readRun(db, runId);
    if ((statuses as readonly string[]).includes(row.status)) return row;
    if (Date.now() > deadline)
      throw new Error(`run ${runId} is ${row.status}, expected one of ${statuses.join(', ')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
