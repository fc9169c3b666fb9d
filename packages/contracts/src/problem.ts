import { z } from 'zod';

/** RFC 9457 problem details, the body of every API error. `detail` is Turkish, for the user. */
export const ProblemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  instance: z.string().optional(),
  traceId: z.string(),
  errors: z
    .array(z.object({ field: z.string(), message: z.string(), row: z.number().int().optional() }))
    .optional(),
});
export type Problem = z.infer<typeof ProblemSchema>;
