import { LOGO_MIME_TYPES, MAX_LOGO_BYTES } from '@fonrisk/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { REPORT_MESSAGES as M } from '../messages.ts';

export const LOGO_TYPES = LOGO_MIME_TYPES;
export const MAX_LOGO_KB = MAX_LOGO_BYTES / 1024;

/**
 * The browser's first look at a chosen logo (type by name and MIME, size), so an obvious mistake
 * is said before uploading; the API still sniffs the content and has the last word.
 */
export function checkLogo(file: Pick<File, 'name' | 'size' | 'type'>): string | null {
  const byName = /\.(png|jpe?g|svg)$/i.test(file.name);
  const byType = (LOGO_TYPES as readonly string[]).includes(file.type);
  if (!byName && !byType) return M.logoWrongType;
  if (file.size > MAX_LOGO_BYTES) return M.logoTooLarge(M.fileSize(file.size), MAX_LOGO_KB);
  return null;
}

/** The API's Turkish reason of a refused upload (problem details `detail`), else null. */
export function refusalOf(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const detail = error.body?.['detail'];
  return typeof detail === 'string' ? detail : null;
}
