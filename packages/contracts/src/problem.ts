import { z } from 'zod';
import { FieldChangeSchema } from './imports-api.ts';
import { AmbiguousNumberSchema } from './imports-api.ts';
import { JumpWarningSchema, UnknownTickerSchema, ValueChangeSchema } from './market-data-admin.ts';
import { UnknownPortfolioSchema } from './portfolios.ts';

/** RFC 9457 problem details, the body of every API error. `detail` is Turkish, for the user. */
export const ProblemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  instance: z.string().optional(),
  traceId: z.string(),
  errors: z
    .array(
      z.object({
        field: z.string(),
        message: z.string(),
        row: z.number().int().optional(),
        /** The rejected cell as the user sees it (imports). */
        value: z.string().optional(),
      }),
    )
    .optional(),
  /** Portfolio dates an import would replace (409 until the user confirms). */
  conflicts: z
    .array(
      z.object({
        portfolioCode: z.string(),
        portfolioDate: z.string(),
        existingRows: z.number().int(),
      }),
    )
    .optional(),
  /** Tickers a price file names that are no series yet (409 until the user confirms). */
  unknownTickers: z.array(UnknownTickerSchema).optional(),
  /** Portfolio codes a holdings file names that are no portfolio yet (409 until confirmed). */
  unknownPortfolios: z.array(UnknownPortfolioSchema).optional(),
  /** Stored values a file or fetch would change (409 until the user confirms). */
  changes: z.array(ValueChangeSchema).optional(),
  /** Day-over-day jumps beyond the kind's limit (409 until the user accepts them). */
  warnings: z.array(JumpWarningSchema).optional(),
  /** Stored FX rates or instrument attributes a file would change (409 until confirmed). */
  fieldChanges: z.array(FieldChangeSchema).optional(),
  /** Number cells a file writes ambiguously, with both readings (409 until accepted). */
  ambiguousNumbers: z.array(AmbiguousNumberSchema).optional(),
});
export type Problem = z.infer<typeof ProblemSchema>;
