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
export class HoldingsBenchmarkReturnsError extends InvalidInputError {
  constructor() {
    super(
      'Portföy tabanlı karşılaştırma ölçütlerinin getirisi bu ekranda hesaplanmıyor; bileşik ölçütler için kullanılabilir.',
    );
  }
}
