import {
  type TokenClaims,
  VAR_SETTINGS_DEFAULTS,
  VAR_SETTINGS_KEY,
  type VarSettings,
  type VarSettingsResponse,
  readStoredVarSettings,
} from '@fonrisk/contracts';
import { type Database, type Executor, eq, settings } from '@fonrisk/db';
import { recordAudit } from '../audit/audit.repository.ts';

/**
 * The stored settings merged over the SPK defaults; null `updatedAt` when never saved. A stored
 * document that no longer validates is reported in `storedProblems` (the form opens with the
 * defaults so that saving repairs it).
 */
export async function readVarSettings(db: Executor): Promise<VarSettingsResponse> {
  const [row] = await db.select().from(settings).where(eq(settings.key, VAR_SETTINGS_KEY));
  if (!row) return { settings: VAR_SETTINGS_DEFAULTS, updatedAt: null };
  const stored = readStoredVarSettings(row.value);
  const updatedAt = row.updatedAt.toISOString();
  return stored.ok
    ? { settings: stored.settings, updatedAt }
    : { settings: VAR_SETTINGS_DEFAULTS, updatedAt, storedProblems: [...stored.problems] };
}

export interface VarSettingsService {
  get(): Promise<VarSettingsResponse>;
  put(actor: TokenClaims, next: VarSettings): Promise<VarSettingsResponse>;
}

export function createVarSettingsService(db: Database): VarSettingsService {
  return {
    get: () => readVarSettings(db),
    put(actor, next) {
      return db.transaction(async (tx) => {
        const before = await readVarSettings(tx);
        const now = new Date();
        await tx
          .insert(settings)
          .values({ key: VAR_SETTINGS_KEY, value: next, updatedAt: now })
          .onConflictDoUpdate({ target: settings.key, set: { value: next, updatedAt: now } });
        await recordAudit(tx, {
          actor,
          action: 'var-settings.update',
          entity: 'settings',
          entityId: VAR_SETTINGS_KEY,
          before: before.settings,
          after: next,
        });
        return { settings: next, updatedAt: now.toISOString() };
      });
    },
  };
}
