import { InvalidInputError } from '../../shared/domain-errors.ts';
import { isoToTurkishDate } from '@fonrisk/contracts';

/** The morning view of a date after the clock's today: nothing can have arrived yet. */
export class FutureDataQualityDateError extends InvalidInputError {
  constructor(date: string, today: string) {
    super(
      `${isoToTurkishDate(date)} henüz gelmedi; veri kalitesi en geç bugün (${isoToTurkishDate(today)}) için sorgulanabilir.`,
      [{ field: 'date', message: 'gelecek bir tarih' }],
    );
  }
}
