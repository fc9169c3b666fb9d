import { ConflictError, InvalidInputError, NotFoundError } from '../../shared/domain-errors.ts';

export class InstrumentNotFoundError extends NotFoundError {
  constructor(code: string) {
    super(`'${code}' kodlu yatırım aracı bulunamadı.`);
  }
}
export class InstrumentCodeTakenError extends ConflictError {
  constructor(code: string) {
    super(`'${code}' kodlu bir yatırım aracı zaten var.`);
  }
}
export class InstrumentHeldError extends ConflictError {
  constructor(code: string, portfolios: readonly string[]) {
    super(
      `'${code}' kodlu yatırım aracı şu portföylerde bulunduğu için silinemez: ${portfolios.join(', ')}.`,
    );
  }
}
export class InstrumentCodeMismatchError extends InvalidInputError {
  constructor() {
    super('Yatırım aracı kodu değiştirilemez.', [
      { field: 'code', message: 'adresteki kodla aynı olmalı' },
    ]);
  }
}
export class NotABondError extends InvalidInputError {
  constructor(code: string) {
    super(
      `'${code}' bir tahvil/bono değil; nakit akışı yalnızca borçlanma araçları için hesaplanır.`,
    );
  }
}
export class BondCalculationError extends InvalidInputError {}
