import { RunScreen } from '../../../components/analysis/run-screen.tsx';
import { useRunForm } from '../../../components/analysis/use-run-form.tsx';
import { AUDIT_MESSAGES } from '../messages.ts';
import { AuditForm } from './audit-form.tsx';
import { initialAuditForm, validateAuditForm } from './audit-form-model.ts';
import { AuditResultView } from './audit-result-view.tsx';

/** `internalAudit` (keep-state): the audit form; start -> live progress -> the result. */
export function InternalAuditPage() {
  const form = useRunForm('internal-audit', initialAuditForm, validateAuditForm);
  return (
    <RunScreen
      form={form}
      messages={AUDIT_MESSAGES}
      renderResult={(run) => <AuditResultView run={run} />}
    >
      <AuditForm state={form.state} onChange={form.change} errors={form.errors} />
    </RunScreen>
  );
}
