import {
  ConflictError,
  InvalidInputError,
  NotFoundError,
  UnprocessableInputError,
  type FieldError,
} from '../../shared/domain-errors.ts';

export class CriterionNotFoundError extends NotFoundError {
  constructor(code: string) {
    super(`'${code}' kodlu kriter bulunamadı.`);
  }
}
export class CriterionCodeTakenError extends ConflictError {
  constructor(code: string) {
    super(`'${code}' kodlu bir kriter zaten var.`);
  }
}
export class CriterionCodeChangeError extends InvalidInputError {
  constructor() {
    super('Kriter kodu değiştirilemez; yeni kodla yeni bir kriter tanımlayın.', [
      { field: 'code', message: 'kod değiştirilemez' },
    ]);
  }
}
/** A criteria file that cannot be read or has malformed rules (nothing is imported). */
export class CriteriaFileError extends UnprocessableInputError {
  constructor(detail: string, errors: readonly FieldError[] = []) {
    super(detail, errors);
  }
}
export class BreachNotFoundError extends NotFoundError {
  constructor(id: number) {
    super(`${id} numaralı ihlal kaydı bulunamadı.`);
  }
}
export class PreviewPortfolioError extends InvalidInputError {
  constructor(detail: string) {
    super(detail, [{ field: 'portfolioCode', message: detail }]);
  }
}
