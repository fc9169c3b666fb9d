// A cash-flows file (issue 13): the file's flows replace the stored flows of each portfolio date
// it names, a withdrawal larger than the portfolio's value is refused with its row, and a date
// whose stored flows differ is replaced only on confirmation.
import { sql, type Executor } from '@fonrisk/db';
import {
  CASH_FLOW_DIRECTION,
  type CashFlowImportRow,
  type CashFlowInput,
} from '@fonrisk/contracts';
import { formatError } from '../../imports/index.ts';
import {
  applyCashFlowImport,
  findOverdrafts,
  planCashFlowImport,
  type EnteredFlow,
  type Overdraft,
} from '../cash-flows/cash-flows.service.ts';
import { HOLDINGS_LOCK_KEY } from './holdings-import.ts';
import { labelOf } from './import-labels.ts';
import { CashFlowsChangeError, ImportRejectedError } from './imports.errors.ts';
import { confirmedImport, NOTHING_MORE, type Written } from './import-writes.ts';

export const importCashFlows = confirmedImport('cashFlows', async (tx, request) => {
  const { before, ...written } = await writeCashFlows(
    tx,
    request.rows,
    request.options.confirmReplace,
    request.rowNumbers,
  );
  return { written, before: before.length > 0 ? { replacedFlows: before } : null };
});

/**
 * Cash flows (issue 13): the file's flows replace the stored flows of each portfolio date it
 * names. A date whose stored flows differ is a change the user confirms (409 with the change
 * list, then confirmReplace); a date whose stored flows are the same is left untouched.
 */
async function writeCashFlows(
  tx: Executor,
  rows: readonly CashFlowImportRow[],
  confirmReplace: boolean,
  rowNumbers: readonly number[],
): Promise<Written & { before: unknown[] }> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${HOLDINGS_LOCK_KEY})`);
  // A withdrawal larger than the portfolio's value on its date is refused with its row (issue
  // 21): the file's flows replace the stored ones of the dates it names.
  const byPortfolio = new Map<string, EnteredFlow[]>();
  rows.forEach(({ portfolioCode, ...flow }, i) =>
    byPortfolio.set(portfolioCode, [
      ...(byPortfolio.get(portfolioCode) ?? []),
      { position: rowNumbers[i]!, flow },
    ]),
  );
  const refused: Overdraft[] = [];
  for (const [code, entered] of byPortfolio)
    refused.push(
      ...(await findOverdrafts(tx, code, entered, new Set(entered.map((e) => e.flow.flowDate)))),
    );
  if (refused.length > 0) {
    const field = labelOf('cashFlows', 'amountTry');
    throw new ImportRejectedError(
      refused.map((r) => ({
        row: r.position,
        field,
        message: formatError(r.position, field, '', r.message).message,
      })),
    );
  }
  const plan = await planCashFlowImport(tx, rows);
  if (plan.conflicts.length > 0 && !confirmReplace) {
    const net = (flows: readonly CashFlowInput[]) =>
      flows.reduce((s, f) => s + CASH_FLOW_DIRECTION[f.kind] * f.amountTry, 0);
    const money = (x: number) =>
      x.toLocaleString('tr-TR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    throw new CashFlowsChangeError(
      plan.conflicts,
      plan.changes.map((c) => ({
        label: `${c.portfolioCode} ${c.flowDate}`,
        stored: `${c.stored.length} akış, net ${money(net(c.stored))} TL`,
        incoming: `${c.incoming.length} akış, net ${money(net(c.incoming))} TL`,
      })),
    );
  }
  await applyCashFlowImport(tx, plan);
  const count = (list: readonly { incoming: readonly unknown[] }[]) =>
    list.reduce((s, c) => s + c.incoming.length, 0);
  return {
    inserted: count(plan.fresh),
    updated: count(plan.changes),
    replacedSnapshots: plan.conflicts.map(({ portfolioCode, portfolioDate }) => ({
      portfolioCode,
      portfolioDate,
    })),
    ...NOTHING_MORE,
    before: plan.changes.flatMap((c) => c.stored),
  };
}
