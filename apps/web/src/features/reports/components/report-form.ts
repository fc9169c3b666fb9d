import { CreateReportRequestSchema, type CreateReportRequest } from '@fonrisk/contracts';
import { fieldErrors } from '../../../lib/field-errors.ts';

/** What the reporting form holds: a single date or a period, as the user chose. */
export interface ReportFormValues {
  readonly portfolioCodes: readonly string[];
  /** The template's id as the select holds it, or null. */
  readonly templateId: string | null;
  readonly dateMode: 'date' | 'period';
  readonly asOfDate: string;
  readonly fromDate: string;
  readonly toDate: string;
  readonly title: string;
}

export type ReportFormField =
  'portfolioCodes' | 'templateId' | 'asOfDate' | 'fromDate' | 'toDate' | 'title';
export type ReportFormErrors = Partial<Record<ReportFormField, string>>;

export const EMPTY_REPORT_FORM: ReportFormValues = {
  portfolioCodes: [],
  templateId: null,
  dateMode: 'date',
  asOfDate: '',
  fromDate: '',
  toDate: '',
  title: '',
};

/**
 * The form as the POST reports body (only the chosen date mode's fields), checked by the contract's
 * own schema so that the screen says in Turkish, under the field, what the API would refuse.
 */
export function toCreateReportRequest(
  values: ReportFormValues,
): { ok: true; request: CreateReportRequest } | { ok: false; errors: ReportFormErrors } {
  const title = values.title.trim();
  const request: CreateReportRequest = {
    portfolioCodes: [...values.portfolioCodes],
    ...(values.templateId === null ? {} : { templateId: Number(values.templateId) }),
    ...(values.dateMode === 'date'
      ? values.asOfDate === ''
        ? {}
        : { asOfDate: values.asOfDate }
      : {
          ...(values.fromDate === '' ? {} : { fromDate: values.fromDate }),
          ...(values.toDate === '' ? {} : { toDate: values.toDate }),
        }),
    ...(title === '' ? {} : { title }),
  };
  const parsed = CreateReportRequestSchema.safeParse(request);
  if (parsed.success) return { ok: true, request };
  const errors = fieldErrors<ReportFormField>(parsed.error.issues);
  // In the period mode a missing end is reported on the period's fields, not on the single date.
  if (values.dateMode === 'period' && errors.asOfDate !== undefined) {
    const { asOfDate, ...rest } = errors;
    return {
      ok: false,
      errors: {
        ...rest,
        ...(values.fromDate === '' ? { fromDate: asOfDate } : {}),
        ...(values.toDate === '' ? { toDate: asOfDate } : {}),
      },
    };
  }
  return { ok: false, errors };
}
