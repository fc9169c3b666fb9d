import { fieldErrors } from '../../../lib/field-errors.ts';
import type { Validation } from './use-run-form.tsx';

interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** A zod `safeParse` result (only what this reads). */
type Parsed<I> =
  | { readonly success: true; readonly data: I }
  | { readonly success: false; readonly error: { readonly issues: readonly Issue[] } };

/**
 * A run form's validation from the contract schema's parse: the inputs, or the first message per
 * field, then the form's own message for each field it needs but left empty (`field: empty &&
 * 'tarih gerekli'`; false leaves the schema's message).
 */
export function validationOf<I, F extends string>(
  parsed: Parsed<I>,
  missing: Partial<Record<F, string | false>> = {},
): Validation<I, F> {
  if (parsed.success) return { ok: true, inputs: parsed.data };
  const errors = fieldErrors<F>(parsed.error.issues);
  for (const [field, message] of Object.entries(missing) as [F, string | false][])
    if (message !== false) errors[field] = message;
  return { ok: false, errors };
}
