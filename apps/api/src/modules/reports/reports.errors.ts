import {
  ConflictError,
  InvalidInputError,
  NotFoundError,
  PermissionDeniedError,
  UnprocessableInputError,
  type FieldError,
} from '../../shared/domain-errors.ts';

export class ReportNotFoundError extends NotFoundError {
  constructor() {
    super('Rapor bulunamadı.');
  }
}
export class ReportOfAnotherUserError extends PermissionDeniedError {
  constructor() {
    super('Bu rapor başka bir kullanıcıya ait; yalnız Admin ve Süper Admin görebilir.');
  }
}
/** A template of a module the user lacks is neither offered nor generated (issue 21). */
export class TemplateModuleDeniedError extends PermissionDeniedError {
  constructor(templateName: string, module: string) {
    super(
      `'${templateName}' şablonu bir ${module} raporudur; bu modüle yetkiniz olmadığından bu şablonla rapor oluşturamazsınız.`,
    );
  }
}

export class ReportNotReadyError extends ConflictError {
  constructor(status: string) {
    super(
      status === 'failed'
        ? 'Rapor oluşturulamadığı için dosyası yok; hatayı inceleyip yeniden oluşturun.'
        : 'Rapor henüz hazır değil; oluşturma bitince indirebilirsiniz.',
    );
  }
}
export class ReportFileMissingError extends NotFoundError {
  constructor() {
    super('Raporun dosyası bulunamadı; raporu yeniden oluşturun.');
  }
}
export class ReportBusyError extends ConflictError {
  constructor() {
    super('Rapor şu anda oluşturuluyor; bitmesini bekleyin.');
  }
}
export class TemplateNotFoundError extends NotFoundError {
  constructor() {
    super('Rapor şablonu bulunamadı.');
  }
}
export class ShippedTemplateError extends ConflictError {
  constructor() {
    super('Hazır gelen şablonlar silinemez; kopyalayıp değiştirebilirsiniz.');
  }
}
export class TemplateInUseError extends ConflictError {
  constructor() {
    super('Bu şablonu kullanan zamanlanmış raporlar var; önce onları silin.');
  }
}
export class TemplateNameTakenError extends ConflictError {
  constructor() {
    super('Bu adla bir şablon zaten var.');
  }
}
export class ScheduleNotFoundError extends NotFoundError {
  constructor() {
    super('Zamanlanmış rapor bulunamadı.');
  }
}
export class SourceRunNotDoneError extends ConflictError {
  constructor(status: string, reason: string | null) {
    super(
      status === 'failed'
        ? `Seçilen analiz başarısız olduğu için rapor oluşturulamaz: ${reason ?? 'neden bilinmiyor'}`
        : 'Seçilen analiz henüz tamamlanmadı; tamamlandığında rapor oluşturabilirsiniz.',
    );
  }
}
export class LogoRejectedError extends InvalidInputError {}

/**
 * A report dated after the data it would read (or in the future): its figures would be those of
 * an earlier day under a later date. Names the last data date.
 */
export class ReportDateAfterDataError extends InvalidInputError {
  constructor(field: 'asOfDate' | 'toDate', date: string, lastDate: string, code: string) {
    const message = `Rapor tarihi (${date}) ${code} portföyünün son veri tarihinden (${lastDate}) sonra; en geç ${lastDate} tarihli rapor oluşturabilirsiniz.`;
    super(message, [{ field, message }]);
  }
}
export class ReportDateInFutureError extends InvalidInputError {
  constructor(field: 'asOfDate' | 'toDate', date: string, today: string) {
    const message = `Rapor tarihi (${date}) gelecekte; bugün ${today}. Geçmiş bir tarih seçin.`;
    super(message, [{ field, message }]);
  }
}

/**
 * A report request whose funds, dates or sections cannot be computed (422, issue 21): refused
 * when it is submitted, naming the fund, the date (with the nearest dates that have data) and
 * the sections; no report is created.
 */
export class ReportInputsUnavailableError extends UnprocessableInputError {
  constructor(errors: readonly FieldError[]) {
    super(`Rapor oluşturulamadı: ${errors.map((e) => e.message).join(' ')}`, errors);
  }
}

/** A report that cannot be produced: its Turkish reason is stored on the report. */
export class ReportGenerationError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'ReportGenerationError';
  }
}

/**
 * The worker process stopped while a report waited for its analyses: the report goes back to the
 * queue (not failed), and the next worker to start takes it up with the runs it had queued.
 */
export class ReportInterruptedError extends Error {
  constructor() {
    super('report interrupted by a stopping worker');
    this.name = 'ReportInterruptedError';
  }
}
