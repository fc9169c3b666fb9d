import type { FtpTestResult } from '@fonrisk/contracts';
import type { FtpContext } from './ftp-context.ts';
import { requireUsableConnection, settingsOf } from './ftp-connection-rows.ts';
import { classifyRemoteError, type RemoteFailure } from './ftp.errors.ts';
import { pinHostKey } from './ftp.repository.ts';
import { openRemoteSession, remoteStep, type RemoteSession } from './remote-client.ts';

/** "Bağlantıyı sına": connect, log in, read the inbound and outbound folders. */
export async function testConnection(ctx: FtpContext, id: number): Promise<FtpTestResult> {
  const row = await requireUsableConnection(ctx, id);
  const settings = settingsOf(ctx, row);
  const started = Date.now();
  const steps: FtpTestResult['steps'] = [];
  let session: RemoteSession | null = null;
  let pinned = false;
  let fingerprint: string | null = null;
  const fail = (failure: RemoteFailure, label: string): FtpTestResult => {
    steps.push({ label, ok: false, detail: failure.message });
    return {
      ok: false,
      message: failure.message,
      reason: failure.reason,
      steps,
      hostKeyFingerprint: fingerprint ?? row.hostKeyFingerprint,
      hostKeyPinned: pinned,
      durationMs: Date.now() - started,
    };
  };
  const connectLabel = `Bağlantı ve oturum açma (${row.host}:${row.port})`;
  try {
    session = await openRemoteSession(settings);
  } catch (error) {
    return fail(classifyRemoteError(error, settings), connectLabel);
  }
  try {
    fingerprint = session.hostKeyFingerprint;
    if (settings.pinnedHostKey === null && fingerprint !== null) {
      pinned = await pinHostKey(ctx.db, row.id, fingerprint);
    }
    steps.push({
      label: connectLabel,
      ok: true,
      detail:
        fingerprint === null
          ? null
          : pinned
            ? `Sunucu anahtarı ilk kez görüldü ve kaydedildi: ${fingerprint}`
            : `Sunucu anahtarı kayıtlı olanla aynı: ${fingerprint}`,
    });
    for (const [label, dir] of [
      ['Gelen dosyalar klasörü', row.inboundDir],
      ['Giden dosyalar klasörü', row.outboundDir],
    ] as const) {
      const stepLabel = `${label} (${dir})`;
      try {
        const entries = await remoteStep(settings, dir, () => session.list(dir));
        steps.push({
          label: stepLabel,
          ok: true,
          detail: `${entries.filter((e) => e.isFile).length} dosya`,
        });
      } catch (error) {
        return fail(classifyRemoteError(error, { ...settings, path: dir }), stepLabel);
      }
    }
  } finally {
    await session.close();
  }
  return {
    ok: true,
    message: 'Bağlantı başarılı: oturum açıldı, gelen ve giden klasörler okunabildi.',
    reason: null,
    steps,
    hostKeyFingerprint: fingerprint,
    hostKeyPinned: pinned,
    durationMs: Date.now() - started,
  };
}
