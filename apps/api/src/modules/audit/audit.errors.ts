import { AUDIT_EXPORT_MAX_ROWS } from '@fonrisk/contracts';
import { InvalidInputError } from '../../shared/domain-errors.ts';

export class AuditExportTooLargeError extends InvalidInputError {
  constructor(total: number) {
    super(
      `Seçilen ${String(total)} kayıt tek dosyaya sığmıyor (en fazla ${String(AUDIT_EXPORT_MAX_ROWS)}). Tarih aralığını daraltın.`,
    );
  }
}
