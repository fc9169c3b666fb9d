import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  NEW_PORTFOLIOS_FIELD,
  NEW_SERIES_FIELD,
  type CreatePortfolioRequest,
  type NewSeriesChoice,
  ImportResponseSchema,
  ProblemSchema,
  type ImportKind,
  type ImportResponse,
  type NumberFormat,
  type Problem,
} from '@fonrisk/contracts';
import { api, ApiError } from '../../../lib/api-client.ts';

export interface UploadInput {
  readonly kind: ImportKind;
  readonly file: File;
  readonly confirmReplace: boolean;
  /** Accepts the listed day-over-day jumps (prices) and ambiguous number readings (any kind). */
  readonly acceptWarnings?: boolean;
  /**
   * The reading the user chose for the ambiguous numbers the 409 listed (decision 0069): what is
   * stored is that reading, whatever the saved default says by then.
   */
  readonly numberFormat?: NumberFormat;
  /** Series to create for the unknown tickers the user confirmed (prices). */
  readonly newSeries?: readonly NewSeriesChoice[];
  /** Portfolios to create for the unknown portfolio codes the user confirmed (holdings). */
  readonly newPortfolios?: readonly CreatePortfolioRequest[];
}

/** POST imports/{kind}?confirmReplace= (multipart, field `file`): all rows written, or none. */
export async function uploadImport({
  kind,
  file,
  confirmReplace,
  acceptWarnings = false,
  numberFormat,
  newSeries = [],
  newPortfolios = [],
}: UploadInput): Promise<ImportResponse> {
  const form = new FormData();
  if (newSeries.length > 0) form.append(NEW_SERIES_FIELD, JSON.stringify(newSeries));
  if (newPortfolios.length > 0) form.append(NEW_PORTFOLIOS_FIELD, JSON.stringify(newPortfolios));
  form.append('file', file, file.name);
  return ImportResponseSchema.parse(
    await api.postForm<unknown>(`imports/${kind}`, form, {
      confirmReplace: String(confirmReplace),
      acceptWarnings: String(acceptWarnings),
      ...(numberFormat === undefined ? {} : { numberFormat }),
    }),
  );
}

/**
 * What an upload needs confirmed (409): unknown tickers, changed values, jumps (prices), and
 * number cells read by the default format, with both readings (any kind).
 */
export interface PriceConfirmation {
  readonly unknownTickers: NonNullable<Problem['unknownTickers']>;
  readonly changes: NonNullable<Problem['changes']>;
  readonly warnings: NonNullable<Problem['warnings']>;
  readonly ambiguousNumbers: NonNullable<Problem['ambiguousNumbers']>;
}

export type UploadRejection =
  | { readonly kind: 'invalid'; readonly errors: NonNullable<Problem['errors']> }
  | {
      readonly kind: 'conflict';
      readonly conflicts: NonNullable<Problem['conflicts']>;
      /** The server's sentence (a cash-flows file lists each date's stored and new flows). */
      readonly detail: string;
    }
  | { readonly kind: 'confirm'; readonly confirm: PriceConfirmation }
  | {
      readonly kind: 'portfolios';
      readonly unknownPortfolios: NonNullable<Problem['unknownPortfolios']>;
    }
  | {
      /** Stored FX rates or instrument attributes the file would change. */
      readonly kind: 'fieldChanges';
      readonly changes: NonNullable<Problem['fieldChanges']>;
    };

/**
 * What a refused upload means for the screen: 422 with the per-row errors, 409 with the portfolio
 * dates that would be replaced, the unknown portfolio codes or what a price file needs confirmed; anything else is not an upload rejection (its toast says enough).
 */
export function uploadRejection(error: unknown): UploadRejection | null {
  if (!(error instanceof ApiError) || error.body === null) return null;
  const problem = ProblemSchema.safeParse(error.body);
  if (!problem.success) return null;
  if (error.status === 422) return { kind: 'invalid', errors: problem.data.errors ?? [] };
  if (error.status === 409 && problem.data.fieldChanges)
    return { kind: 'fieldChanges', changes: problem.data.fieldChanges };
  if (error.status === 409 && problem.data.conflicts)
    return { kind: 'conflict', conflicts: problem.data.conflicts, detail: problem.data.detail };
  if (error.status === 409 && problem.data.unknownPortfolios)
    return { kind: 'portfolios', unknownPortfolios: problem.data.unknownPortfolios };
  const { unknownTickers, changes, warnings, ambiguousNumbers } = problem.data;
  if (
    error.status === 409 &&
    (unknownTickers ?? changes ?? warnings ?? ambiguousNumbers) !== undefined
  )
    return {
      kind: 'confirm',
      confirm: {
        unknownTickers: unknownTickers ?? [],
        changes: changes ?? [],
        warnings: warnings ?? [],
        ambiguousNumbers: ambiguousNumbers ?? [],
      },
    };
  return null;
}

export function useUploadImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadImport,
    // Every kind can change what the data screens show (holdings, prices, instruments).
    onSuccess: () => client.invalidateQueries(),
  });
}
