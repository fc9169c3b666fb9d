import { ServiceUnavailableError } from '../../shared/domain-errors.ts';

/** 503: TEFAS could not be reached or answered in an unexpected form; nothing was written. */
export class TefasUnreachableError extends ServiceUnavailableError {
  constructor(reason: string) {
    super(`TEFAS'a ulaşılamadı; hiçbir kayıt değişmedi. (${reason})`);
  }
}
