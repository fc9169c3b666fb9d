import { NotFoundError } from '../../shared/domain-errors.ts';

export class FeeRatePortfolioNotFoundError extends NotFoundError {
  constructor(code: string) {
    super(`${code} kodlu portföy bulunamadı.`);
  }
}
