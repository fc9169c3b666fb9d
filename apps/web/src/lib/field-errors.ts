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
