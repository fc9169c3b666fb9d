import type { FieldError } from './domain-errors.ts';

/** A validation issue as zod reports it (only what is read here). */
export interface ValidationIssue {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly keys?: readonly string[];
}

/** The Turkish reason of a field the request's schema does not define (decision 0049). */
export function unknownFieldMessage(key: string): string {
  return `"${key}" tanımlı bir alan değil; tanımsız alan kabul edilmez`;
}

/** The field errors of a refused request, and the full paths of the fields it should not have sent. */
export interface ValidationFieldErrors {
  readonly errors: FieldError[];
  readonly unknownFields: string[];
}

/**
 * Field errors of validation issues under `prefix` (e.g. "inputs"): a key the schema does not
 * define is one error per key, named by its full path, never dropped (issue 21).
 */
export function fieldErrorsOf(
  issues: readonly ValidationIssue[],
  prefix: string,
): ValidationFieldErrors {
  const unknownFields: string[] = [];
  const errors = issues.flatMap((issue): FieldError[] => {
    const path = [...(prefix === '' ? [] : [prefix]), ...issue.path.map(String)].join('.');
    if (issue.code !== 'unrecognized_keys' || !issue.keys)
      return [{ field: path, message: issue.message }];
    return issue.keys.map((key) => {
      const field = path === '' ? key : `${path}.${key}`;
      unknownFields.push(field);
      return { field, message: unknownFieldMessage(key) };
    });
  });
  return { errors, unknownFields };
}

/** The detail of a refused request that sent undefined fields, or null when it sent none. */
export function unknownFieldsDetail(unknownFields: readonly string[]): string | null {
  if (unknownFields.length === 0) return null;
  return `Tanımsız alan gönderildi: ${unknownFields.join(', ')}. Bu alanlar kabul edilmez; istek işlenmedi.`;
}
