import { useState } from 'react';
import { fieldErrors } from '../../lib/field-errors.ts';
import { sentenceCase } from './sentence-case.ts';

interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** A zod `safeParse` result (only what this hook reads). */
type Parsed<T> =
  | { readonly success: true; readonly data: T }
  | { readonly success: false; readonly error: { readonly issues: readonly Issue[] } };

/**
 * The errors under a record form's fields. `accept` takes the contract schema's parse of the form:
 * valid, it clears the errors and returns the request; invalid, it shows the first message per
 * field as a sentence ("Boş olamaz") and returns null.
 */
export function useFieldErrors<F extends string>() {
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const accept = <T>(parsed: Parsed<T>): T | null => {
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    const found = fieldErrors<F>(parsed.error.issues);
    const shown: Partial<Record<F, string>> = {};
    for (const f of Object.keys(found) as F[]) shown[f] = sentenceCase(found[f]);
    setErrors(shown);
    return null;
  };
  return { errors, setErrors, accept };
}
