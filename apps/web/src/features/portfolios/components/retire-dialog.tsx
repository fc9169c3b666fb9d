import type { PortfolioSummary } from '@fonrisk/contracts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { toastStore } from '../../../lib/toast.ts';
import { useUpdatePortfolio } from '../api/update-portfolio.ts';
import { PORTFOLIO_MESSAGES as M } from '../messages.ts';

/**
 * Retires a portfolio in use (it leaves the pickers, its history stays) or reactivates a retired
 * one, after the user confirms; every other field is sent unchanged.
 */
export function RetireDialog({
  portfolio,
  onClose,
}: {
  portfolio: PortfolioSummary;
  onClose: () => void;
}) {
  const update = useUpdatePortfolio();
  const retire = portfolio.retiredAt === null;
  const confirm = () => {
    update.mutate(
      {
        code: portfolio.code,
        name: portfolio.name,
        kind: portfolio.kind === 'customer' ? 'customer' : 'fund',
        fundCategory: portfolio.fundCategory,
        currency: portfolio.currency,
        referenceBenchmarkCode: portfolio.referenceBenchmarkCode,
        managementCompany: portfolio.managementCompany,
        retired: retire,
      },
      {
        onSuccess: () => {
          toastStore.show('success', (retire ? M.retired : M.reactivated)(portfolio.code));
          onClose();
        },
      },
    );
  };
  return (
    <ConfirmDialog
      opened
      title={retire ? M.retireTitle(portfolio.code) : M.reactivate}
      confirmLabel={retire ? M.retire : M.reactivate}
      cancelLabel={M.cancel}
      color={retire ? 'red' : 'teal'}
      busy={update.isPending}
      onCancel={onClose}
      onConfirm={confirm}
    >
      {retire ? M.retireText : M.reactivateText(portfolio.code)}
    </ConfirmDialog>
  );
}
