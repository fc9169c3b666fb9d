import { InvalidInputError, NotFoundError, ConflictError } from '../../shared/domain-errors.ts';

export class BenchmarkNotFoundError extends NotFoundError {
  constructor(code: string) {
    super(`'${code}' kodlu karşılaştırma ölçütü bulunamadı.`);
  }
}
export class BenchmarkCodeTakenError extends ConflictError {
  constructor(code: string) {
    super(`'${code}' kodlu bir karşılaştırma ölçütü zaten var.`);
  }
}
export class BenchmarkReferenceError extends InvalidInputError {
  constructor(field: string, detail: string) {
    super(detail, [{ field, message: detail }]);
  }
}
/** A holdings benchmark whose portfolio was deleted (the reference is set to null). */
export class BenchmarkPortfolioMissingError extends ConflictError {
  constructor(code: string) {
    super(
      `'${code}' kodlu ölçütün portföyü silinmiş; getirisi için ölçüte yeniden bir portföy seçin.`,
    );
  }
}
