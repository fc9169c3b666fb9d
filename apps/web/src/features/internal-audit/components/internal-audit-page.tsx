import { RunScreen } from '../../analysis-runs/components/run-screen.tsx';
import { useRunForm } from '../../analysis-runs/components/use-run-form.tsx';
import { AUDIT_MESSAGES } from '../messages.ts';
import { AuditForm } from './audit-form.tsx';
import { initialAuditForm, validateAuditForm } from './audit-form-model.ts';
import { internalAuditResultScreen } from './internal-audit-result-page.tsx';

/** `internalAudit` (keep-state): the audit form; start -> live progress -> the result. */
export function InternalAuditPage() {
  const form = useRunForm('internal-audit', initialAuditForm, validateAuditForm);
  return (
    <RunScreen form={form} messages={AUDIT_MESSAGES} screen={internalAuditResultScreen}>
      <AuditForm state={form.state} onChange={form.change} errors={form.errors} />
    </RunScreen>
  );
}
