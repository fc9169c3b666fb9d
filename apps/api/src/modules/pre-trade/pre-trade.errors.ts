import { InvalidInputError, type FieldError } from '../../shared/domain-errors.ts';

/** Bad proposed trades or a fund/date the check cannot read: the Turkish text names the row. */
export class PreTradeInputError extends InvalidInputError {
  constructor(detail: string, errors: readonly FieldError[] = []) {
    super(detail, errors);
  }
}
