import {
  InvalidInputError,
  NotFoundError,
  UnprocessableInputError,
} from '../../shared/domain-errors.ts';

export class CashFlowPortfolioNotFoundError extends NotFoundError {
  constructor(code: string) {
    super(`${code} kodlu portföy bulunamadı.`);
  }
}

export class CashFlowNotFoundError extends NotFoundError {
  constructor(id: number) {
    super(`${id} numaralı nakit akışı bulunamadı.`);
  }
}

export class CashFlowInstrumentNotFoundError extends InvalidInputError {
  constructor(row: number, code: string) {
    super(`${row}. akış: ${code} kodlu varlık tanımı bulunamadı.`, [
      { field: `flows.${row - 1}.instrumentCode`, message: 'varlık tanımı bulunamadı', row },
    ]);
  }
}

/** 422: a withdrawal or outgoing transfer larger than the portfolio's value on its date. */
export class CashFlowOverdraftError extends UnprocessableInputError {
  constructor(refused: readonly { readonly position: number; readonly message: string }[]) {
    super(
      `${refused.map((r) => `${String(r.position)}. akış: ${r.message}`).join(' ')} Hiçbir akış kaydedilmedi.`,
      refused.map((r) => ({
        field: `flows.${String(r.position - 1)}.amountTry`,
        message: r.message,
        row: r.position,
      })),
    );
  }
}
