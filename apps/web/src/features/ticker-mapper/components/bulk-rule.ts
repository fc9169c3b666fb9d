import type { BulkMappingRequest, InstrumentMainType } from '@fonrisk/contracts';

export type BulkTargetKind = BulkMappingRequest['target']['kind'];

export interface BulkForm {
  readonly mainType: InstrumentMainType | null;
  readonly currency: string;
  readonly codePrefix: string;
  readonly targetKind: BulkTargetKind;
  readonly seriesTicker: string | null;
  readonly curvePrefix: string;
}

export type BulkFormError = 'rule' | 'series' | 'curvePrefix';

/**
 * The bulk request of the form, or which part is missing: at least one rule field (mapping
 * every instrument at once is never what someone means), and the target's own value.
 */
export function buildBulkRequest(
  form: BulkForm,
): { ok: true; request: BulkMappingRequest } | { ok: false; error: BulkFormError } {
  const rule: BulkMappingRequest['rule'] = {};
  if (form.mainType !== null) rule.mainType = form.mainType;
  if (form.currency.trim() !== '') rule.currency = form.currency.trim().toUpperCase();
  if (form.codePrefix.trim() !== '') rule.codePrefix = form.codePrefix.trim();
  if (Object.keys(rule).length === 0) return { ok: false, error: 'rule' };
  switch (form.targetKind) {
    case 'sameCode':
      return { ok: true, request: { rule, target: { kind: 'sameCode' } } };
    case 'series':
      return form.seriesTicker === null
        ? { ok: false, error: 'series' }
        : {
            ok: true,
            request: { rule, target: { kind: 'series', seriesTicker: form.seriesTicker } },
          };
    case 'curveByTenor':
      return form.curvePrefix.trim() === ''
        ? { ok: false, error: 'curvePrefix' }
        : {
            ok: true,
            request: {
              rule,
              target: { kind: 'curveByTenor', curvePrefix: form.curvePrefix.trim() },
            },
          };
  }
}
