import { InvalidInputError, NotFoundError } from '../../shared/domain-errors.ts';

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
