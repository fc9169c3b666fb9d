import {
  and,
  desc,
  eq,
  ftpConnections,
  ftpFileRules,
  ftpTransferFiles,
  ftpTransfers,
  sql,
  type Executor,
  type FtpConnectionRow,
  type FtpFileRuleRow,
  type FtpTransferRow,
  type NewFtpConnectionRow,
  type NewFtpTransferRow,
} from '@fonrisk/db';
import type { FtpConnection, FtpFileRule, FtpTransfer, ImportKind } from '@fonrisk/contracts';

export interface ScheduledFailure {
  readonly at: string;
  readonly message: string;
}

/** A connection as the API shows it: every secret reduced to set / not set. */
export function toFtpConnection(
  row: FtpConnectionRow,
  lastScheduledFailure: ScheduledFailure | null,
): FtpConnection {
  return {
    id: row.id,
    name: row.name,
    protocol: row.protocol as FtpConnection['protocol'],
    host: row.host,
    port: row.port,
    username: row.username,
    authMethod: row.authMethod as FtpConnection['authMethod'],
    passwordSet: row.passwordEnc !== null,
    privateKeySet: row.privateKeyEnc !== null,
    passphraseSet: row.passphraseEnc !== null,
    hostKeyFingerprint: row.hostKeyFingerprint,
    hostKeyPinnedAt: row.hostKeyPinnedAt?.toISOString() ?? null,
    tlsCaCertificate: row.tlsCaCertificate,
    inboundDir: row.inboundDir,
    outboundDir: row.outboundDir,
    processedDir: row.processedDir,
    passiveMode: row.passiveMode as FtpConnection['passiveMode'],
    timeoutSeconds: row.timeoutSeconds,
    retries: row.retries,
    scheduleTime: row.scheduleTime,
    lastScheduledFailure,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toFtpFileRule(row: FtpFileRuleRow): FtpFileRule {
  return {
    id: row.id,
    connectionId: row.connectionId,
    pattern: row.pattern,
    kind: row.kind as ImportKind,
    replaceExisting: row.replaceExisting,
    enabled: row.enabled,
  };
}

export function toFtpTransfer(row: FtpTransferRow, fileKept: boolean): FtpTransfer {
  return {
    id: row.id,
    startedAt: row.startedAt.toISOString(),
    connectionId: row.connectionId,
    connectionName: row.connectionName,
    direction: row.direction as FtpTransfer['direction'],
    fileName: row.fileName,
    remotePath: row.remotePath,
    kind: row.kind as ImportKind | null,
    fileDate: row.fileDate,
    size: row.size,
    checksum: row.checksum,
    result: row.result as FtpTransfer['result'],
    rowsImported: row.rowsImported,
    durationMs: row.durationMs,
    attempts: row.attempts,
    trigger: row.trigger as FtpTransfer['trigger'],
    actorName: row.actorName,
    message: row.message,
    errors: row.errors as FtpTransfer['errors'],
    fileKept,
  };
}

export function listConnectionRows(ex: Executor): Promise<FtpConnectionRow[]> {
  return ex.select().from(ftpConnections).orderBy(ftpConnections.name);
}

export async function findConnectionRow(
  ex: Executor,
  id: number,
): Promise<FtpConnectionRow | undefined> {
  const [row] = await ex.select().from(ftpConnections).where(eq(ftpConnections.id, id));
  return row;
}

export async function insertConnectionRow(
  ex: Executor,
  values: NewFtpConnectionRow,
): Promise<FtpConnectionRow> {
  const [row] = await ex.insert(ftpConnections).values(values).returning();
  return row!;
}

export async function updateConnectionRow(
  ex: Executor,
  id: number,
  values: Partial<NewFtpConnectionRow>,
): Promise<FtpConnectionRow | undefined> {
  const [row] = await ex
    .update(ftpConnections)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(ftpConnections.id, id))
    .returning();
  return row;
}

export async function deleteConnectionRow(
  ex: Executor,
  id: number,
): Promise<FtpConnectionRow | undefined> {
  const [row] = await ex.delete(ftpConnections).where(eq(ftpConnections.id, id)).returning();
  return row;
}

/** Pins the host key only when none is pinned yet (two first connections cannot both pin). */
export async function pinHostKey(ex: Executor, id: number, fingerprint: string): Promise<boolean> {
  const rows = await ex
    .update(ftpConnections)
    .set({ hostKeyFingerprint: fingerprint, hostKeyPinnedAt: new Date() })
    .where(and(eq(ftpConnections.id, id), sql`${ftpConnections.hostKeyFingerprint} IS NULL`))
    .returning({ id: ftpConnections.id });
  return rows.length > 0;
}

/**
 * Per connection, the latest scheduled pull when any of its files failed or was rejected (a
 * later scheduled pull without failures clears it).
 */
export async function latestScheduledFailures(
  ex: Executor,
): Promise<Map<number, ScheduledFailure>> {
  const result = await ex.execute<{ connection_id: number; at: string; message: string }>(sql`
    WITH latest AS (
      SELECT DISTINCT ON (connection_id) connection_id, batch_id
      FROM ftp_transfers
      WHERE trigger = 'schedule' AND direction = 'pull' AND connection_id IS NOT NULL
      ORDER BY connection_id, started_at DESC, id DESC)
    SELECT t.connection_id, min(t.started_at)::text AS at,
           string_agg(coalesce(t.file_name || ': ', '') || coalesce(t.message, ''), ' | ' ORDER BY t.id) AS message
    FROM ftp_transfers t JOIN latest l USING (connection_id, batch_id)
    WHERE t.result IN ('failed', 'rejected')
    GROUP BY t.connection_id`);
  return new Map(
    result.rows.map((r) => [
      r.connection_id,
      { at: new Date(r.at).toISOString(), message: r.message },
    ]),
  );
}

export function listRuleRows(ex: Executor, connectionId?: number): Promise<FtpFileRuleRow[]> {
  const query = ex.select().from(ftpFileRules);
  return (
    connectionId === undefined ? query : query.where(eq(ftpFileRules.connectionId, connectionId))
  ).orderBy(ftpFileRules.connectionId, ftpFileRules.id);
}

export async function findRuleRow(ex: Executor, id: number): Promise<FtpFileRuleRow | undefined> {
  const [row] = await ex.select().from(ftpFileRules).where(eq(ftpFileRules.id, id));
  return row;
}

export async function insertRuleRow(
  ex: Executor,
  values: typeof ftpFileRules.$inferInsert,
): Promise<FtpFileRuleRow> {
  const [row] = await ex.insert(ftpFileRules).values(values).returning();
  return row!;
}

export async function updateRuleRow(
  ex: Executor,
  id: number,
  values: Partial<typeof ftpFileRules.$inferInsert>,
): Promise<FtpFileRuleRow | undefined> {
  const [row] = await ex
    .update(ftpFileRules)
    .set(values)
    .where(eq(ftpFileRules.id, id))
    .returning();
  return row;
}

export async function deleteRuleRow(ex: Executor, id: number): Promise<FtpFileRuleRow | undefined> {
  const [row] = await ex.delete(ftpFileRules).where(eq(ftpFileRules.id, id)).returning();
  return row;
}

export async function insertTransfer(
  ex: Executor,
  values: NewFtpTransferRow,
  keptFile?: Uint8Array,
): Promise<FtpTransfer> {
  const [row] = await ex.insert(ftpTransfers).values(values).returning();
  if (keptFile) {
    await ex
      .insert(ftpTransferFiles)
      .values({ transferId: row!.id, content: Buffer.from(keptFile) });
  }
  return toFtpTransfer(row!, keptFile !== undefined);
}

/** Whether a file of this name and content was already imported (from any connection). */
export async function wasImported(
  ex: Executor,
  fileName: string,
  checksum: string,
): Promise<boolean> {
  const rows = await ex
    .select({ id: ftpTransfers.id })
    .from(ftpTransfers)
    .where(
      and(
        eq(ftpTransfers.fileName, fileName),
        eq(ftpTransfers.checksum, checksum),
        eq(ftpTransfers.result, 'imported'),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function listTransfers(
  ex: Executor,
  filter: { connectionId?: number | undefined; limit: number },
): Promise<FtpTransfer[]> {
  const rows = await ex
    .select({
      transfer: ftpTransfers,
      kept: sql<boolean>`${ftpTransferFiles.transferId} IS NOT NULL`,
    })
    .from(ftpTransfers)
    .leftJoin(ftpTransferFiles, eq(ftpTransferFiles.transferId, ftpTransfers.id))
    .where(
      filter.connectionId === undefined
        ? undefined
        : eq(ftpTransfers.connectionId, filter.connectionId),
    )
    .orderBy(desc(ftpTransfers.startedAt), desc(ftpTransfers.id))
    .limit(filter.limit);
  return rows.map((r) => toFtpTransfer(r.transfer, r.kept));
}

export async function findTransferFile(
  ex: Executor,
  id: number,
): Promise<{ fileName: string; content: Buffer } | undefined> {
  const [row] = await ex
    .select({ fileName: ftpTransfers.fileName, content: ftpTransferFiles.content })
    .from(ftpTransferFiles)
    .innerJoin(ftpTransfers, eq(ftpTransfers.id, ftpTransferFiles.transferId))
    .where(eq(ftpTransferFiles.transferId, id));
  return row ? { fileName: row.fileName ?? `aktarim-${id}`, content: row.content } : undefined;
}
