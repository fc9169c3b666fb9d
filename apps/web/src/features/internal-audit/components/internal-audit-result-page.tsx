import { defineResultScreen } from '../../analysis-runs/components/result-screen.tsx';
import { RunResultsPage } from '../../analysis-runs/components/run-results-page.tsx';
import { AUDIT_MESSAGES } from '../messages.ts';
import { AuditResultView } from './audit-result-view.tsx';

/** Short text of an audit run's parameters for the run list. */
export function describeAuditInputs(inputs: Record<string, unknown>): string {
  const codes = Array.isArray(inputs.criterionCodes) ? inputs.criterionCodes.length : 0;
  return [
    codes > 0 ? `${String(codes)} kriter` : 'Tüm kriterler',
    inputs.updateTracking === true ? 'ihlal takibiyle' : null,
  ]
    .filter((x) => x !== null)
    .join(' · ');
}

/** The 'internal-audit' result screen: used by internalAudit (after a run) and internal-audit-result. */
export const internalAuditResultScreen = defineResultScreen({
  analysisType: 'internal-audit',
  subtitle: AUDIT_MESSAGES.resultSubtitle,
  describeInputs: describeAuditInputs,
  View: AuditResultView,
});

/** `internal-audit-result`: every audit run with filters; an opened run shows its result. */
export function InternalAuditResultPage() {
  return <RunResultsPage screen={internalAuditResultScreen} />;
}
