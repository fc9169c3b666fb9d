import {
  ConflictError,
  NotFoundError,
  PermissionDeniedError,
  UnprocessableInputError,
  type FieldError,
} from '../../shared/domain-errors.ts';

export class RunNotFoundError extends NotFoundError {
  constructor() {
    super('Analiz çalıştırması bulunamadı.');
  }
}

export class RunModuleDeniedError extends PermissionDeniedError {
  constructor() {
    super('Bu analiz türünün modülüne erişiminiz yok.');
  }
}

export class RunAlreadyFinishedError extends ConflictError {
  constructor() {
    super('Analiz zaten sonuçlandı; iptal edilemez.');
  }
}

export class RunNotDoneError extends ConflictError {
  constructor() {
    super('Analiz tamamlanmadığı için sonucu dışa aktarılamaz.');
  }
}

export class ResultTableNotFoundError extends NotFoundError {
  constructor(table: string) {
    super(`Analiz sonucunda "${table}" adlı tablo yok.`);
  }
}

export class RunOfAnotherUserError extends PermissionDeniedError {
  constructor() {
    super('Yalnızca kendi başlattığınız analizleri iptal edebilirsiniz.');
  }
}

export class RunBundleNotDoneError extends ConflictError {
  constructor() {
    super('Analiz tamamlanmadığı için girdi paketi indirilemez.');
  }
}

export class RunBundleNotFoundError extends NotFoundError {
  constructor() {
    super(
      'Bu çalıştırmanın girdi paketi yok: çalıştırma, bu türün girdi paketi kaydedilmeye başlamadan önce yapıldı.',
    );
  }
}

/**
 * A run whose portfolios, funds, scenarios, benchmarks or data are missing when it is requested
 * (422, issue 21): the reasons name the code or date; no run is created.
 */
export class RunInputsUnavailableError extends UnprocessableInputError {
  constructor(errors: readonly FieldError[]) {
    super(`Analiz başlatılamadı: ${errors.map((e) => e.message).join(' ')}`, errors);
  }
}
