import { InvalidInputError, NotFoundError } from '../../shared/domain-errors.ts';
import { ConflictError } from '../../shared/domain-errors.ts';

export class CorporateActionNotFoundError extends NotFoundError {
  constructor(id: number) {
    super(`${id} numaralı kurumsal işlem bulunamadı.`);
  }
}
export class CorporateActionInstrumentError extends InvalidInputError {
  constructor(code: string) {
    super(`'${code}' kodlu yatırım aracı bulunamadı.`, [
      { field: 'instrumentCode', message: 'bilinmeyen yatırım aracı kodu' },
    ]);
  }
}
export class CorporateActionTakenError extends ConflictError {
  constructor(code: string, exDate: string) {
    super(`'${code}' için ${exDate} tarihinde aynı türde bir kurumsal işlem zaten var.`);
  }
}
/** The price history cannot carry the action (a dividend at or above the cum price). */
export class CorporateActionImplausibleError extends InvalidInputError {
  constructor(exDate: string) {
    super(
      `${exDate} tarihli temettü, hak kullanım tarihinden önceki kapanış fiyatından küçük olmalı.`,
      [{ field: 'amount', message: 'kapanış fiyatından küçük olmalı' }],
    );
  }
}
