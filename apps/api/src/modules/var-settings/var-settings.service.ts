import {
  type TokenClaims,
  VAR_SETTINGS_KEY,
  type VarSettings,
  type VarSettingsResponse,
} from '@fonrisk/contracts';
import { type Database, readVarSettings, settings } from '@fonrisk/db';
import { recordAudit } from '../audit/audit.repository.ts';

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
