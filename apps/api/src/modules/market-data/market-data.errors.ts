import { NotFoundError, ServiceUnavailableError } from '../../shared/domain-errors.ts';

export class SeriesNotFoundError extends NotFoundError {
  constructor(ticker: string) {
    super(`'${ticker}' kodlu seri bulunamadı.`);
  }
}
export class MarketSourceError extends ServiceUnavailableError {}
