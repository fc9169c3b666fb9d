import { IMPORT_SETTINGS_KEY, type ImportSettings, type TokenClaims } from '@fonrisk/contracts';
import type { Database } from '@fonrisk/db';
import { recordAudit } from '../audit/audit.repository.ts';
import { readImportSettings, writeImportSettings } from './import-settings.repository.ts';

export type ImportSettingsService = ReturnType<typeof createImportSettingsService>;

/** How imports read a file that does not show its number format (issue 21). */
export function createImportSettingsService(db: Database) {
  return {
    get: (): Promise<ImportSettings> => readImportSettings(db),
    put(actor: TokenClaims, next: ImportSettings): Promise<ImportSettings> {
      return db.transaction(async (tx) => {
        const before = await readImportSettings(tx);
        await writeImportSettings(tx, next);
        await recordAudit(tx, {
          actor,
          action: 'import-settings.update',
          entity: 'settings',
          entityId: IMPORT_SETTINGS_KEY,
          before,
          after: next,
        });
        return next;
      });
    },
  };
}
