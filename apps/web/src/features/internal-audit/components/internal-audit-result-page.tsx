import { RunResultsPage } from '../../../components/analysis/run-results-page.tsx';
import { AUDIT_MESSAGES } from '../messages.ts';
import { AuditResultView } from './audit-result-view.tsx';

/** Short text of an audit run's parameters for the run list. */
export function describeAuditInputs(inputs: Record<string, unknown>): string {
  const codes = Array.isArray(inputs.criterionCodes) ? inputs.criterionCodes.length : 0;
  return [
    codes > 0 ? `${codes} kriter` : 'Tüm kriterler',
    inputs.updateTracking === true ? 'ihlal takibiyle' : null,
  ]
    .filter((x) => x !== null)
    .join(' · ');
}

/** `internal-audit-result`: every audit run with filters; an opened run shows its result. */
export function InternalAuditResultPage() {
  return (
    <RunResultsPage
      analysisType="internal-audit"
      subtitle={AUDIT_MESSAGES.resultSubtitle}
      describeInputs={describeAuditInputs}
      renderResult={(run) => <AuditResultView run={run} />}
    />
  );
}
