import { ProblemSchema } from '@fonrisk/contracts';
import { ApiError } from './api-error.ts';

interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** The first validation message per top-level field, for showing under form inputs. */
export function fieldErrors<F extends string>(
  issues: readonly Issue[],
): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && errors[field as F] === undefined)
      errors[field as F] = issue.message;
  }
  return errors;
}

/**
 * The field errors of a request the API refused at submission (422 with `errors`, decision 0049:
 * a date without holdings names the nearest dates), by the form's top-level field: `inputs.` is
 * dropped (`inputs.asOfDate` → `asOfDate`, `inputs.trades.0.instrumentCode` → `trades`); several
 * reasons of one field are all shown, in order. Null when the error is something else or names
 * no field.
 */
export function submissionFieldErrors<F extends string>(
  error: unknown,
): Partial<Record<F, string>> | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const parsed = ProblemSchema.safeParse(error.body);
  const listed = parsed.success ? (parsed.data.errors ?? []) : [];
  if (listed.length === 0) return null;
  const errors: Partial<Record<F, string>> = {};
  for (const e of listed) {
    const field = e.field.replace(/^inputs\./, '').split('.')[0] as F;
    const before = errors[field];
    errors[field] = before === undefined ? e.message : `${before} ${e.message}`;
  }
  return errors;
}
