// The worker process (`npm run worker`, and the child `npm start` runs): the analysis worker of
// apps/worker plus the file-delivery pulls (decision 0021). It lives in this workspace because
// the pulls call the API's import service; apps/worker stays free of application modules and
// receives the pulls as a WorkerService.
import { pathToFileURL } from 'node:url';
import { ANALYSIS_HANDLERS, startWorkerFromEnv, type WorkerService } from '@fonrisk/worker';
import { parseEnv, resolveSecretsKey } from './config/env.ts';
import { createImportsService } from './modules/data-imports/imports.service.ts';
import { startFtpScheduler } from './modules/ftp/ftp-schedule.ts';
import { createFtpService } from './modules/ftp/ftp.service.ts';
import { createSecretBox } from './modules/ftp/ftp-secrets.ts';

/**
 * FTP/FTPS/SFTP pulls: the crons of scheduled connections and the on-demand queue `ftp-pull`.
 * The secrets key is the API's (FONRISK_SECRETS_KEY, or the data directory's `secrets-key`).
 */
export const FILE_DELIVERY_SERVICE: WorkerService = {
  name: 'ftp-pulls',
  async start(db, logger) {
    const log = (message: string, error?: unknown) =>
      error === undefined
        ? logger.info(message)
        : logger.error(message, {
            error: error instanceof Error ? error.message : JSON.stringify(error),
          });
    const ftp = createFtpService(db, {
      secrets: createSecretBox(resolveSecretsKey(parseEnv(process.env))),
      imports: createImportsService(db),
      log,
    });
    return startFtpScheduler(db, ftp, { log });
  },
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  startWorkerFromEnv(ANALYSIS_HANDLERS, process.env, [FILE_DELIVERY_SERVICE]).catch(
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
