import { useState } from 'react';
import { Alert, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import {
  CreatePortfolioRequestSchema,
  type CreatePortfolioRequest,
  type FundCategory,
  type Problem,
} from '@fonrisk/contracts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { PORTFOLIO_MESSAGES as M } from '../messages.ts';
import { CATEGORY_OPTIONS, KIND_OPTIONS } from './portfolio-options.ts';

type UnknownPortfolios = NonNullable<Problem['unknownPortfolios']>;

/** A row of the dialog: what the user is about to create for one unknown code. */
export interface PortfolioChoice {
  readonly code: string;
  readonly name: string;
  readonly kind: 'fund' | 'customer';
  readonly fundCategory: FundCategory | null;
  readonly currency: string;
}

/** The proposal for each unknown code: the fund defined on fund-creation, else a TRY fund. */
export function initialPortfolioChoices(unknown: UnknownPortfolios): PortfolioChoice[] {
  return unknown.map((u) => ({
    code: u.portfolioCode,
    name: u.name ?? u.portfolioCode,
    kind: u.kind ?? 'fund',
    fundCategory: u.fundCategory,
    currency: u.currency ?? 'TRY',
  }));
}

/**
 * The requests of the choices, or the Turkish problems naming each code and field (a fund without
 * category, a currency that is no code, an empty name).
 */
export function portfolioRequests(
  choices: readonly PortfolioChoice[],
): { ok: true; requests: CreatePortfolioRequest[] } | { ok: false; problems: string[] } {
  const requests: CreatePortfolioRequest[] = [];
  const problems: string[] = [];
  for (const c of choices) {
    const parsed = CreatePortfolioRequestSchema.safeParse({
      ...c,
      fundCategory: c.kind === 'fund' ? c.fundCategory : null,
    });
    if (parsed.success) requests.push(parsed.data);
    else
      for (const issue of parsed.error.issues)
        problems.push(M.newPortfolioProblem(c.code, String(issue.path[0] ?? ''), issue.message));
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, requests };
}

/**
 * A holdings upload's 409 for portfolio codes that are no portfolio yet: the user chooses each
 * one's name, kind, category and currency; confirming creates them with the file, cancelling
 * writes nothing.
 */
export function PortfolioConfirmDialog({
  unknown,
  busy,
  onCancel,
  onConfirm,
}: {
  unknown: UnknownPortfolios;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (requests: CreatePortfolioRequest[]) => void;
}) {
  const [choices, setChoices] = useState(() => initialPortfolioChoices(unknown));
  const [problems, setProblems] = useState<string[]>([]);
  const set = (i: number, patch: Partial<PortfolioChoice>) =>
    setChoices((all) => all.map((c, k) => (k === i ? { ...c, ...patch } : c)));
  const submit = () => {
    const result = portfolioRequests(choices);
    setProblems(result.ok ? [] : result.problems);
    if (result.ok) onConfirm(result.requests);
  };

  return (
    <ConfirmDialog
      opened
      title={M.newPortfoliosTitle}
      confirmLabel={M.newPortfoliosConfirm}
      cancelLabel={M.cancel}
      color="orange"
      busy={busy}
      onCancel={onCancel}
      onConfirm={submit}
    >
      <Stack gap="sm">
        <Text size="sm">{M.newPortfoliosText}</Text>
        <Table withTableBorder fz="sm" data-testid="unknown-portfolios">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{M.conflictPortfolio}</Table.Th>
              <Table.Th>{M.unknownRow}</Table.Th>
              <Table.Th>{M.fieldName}</Table.Th>
              <Table.Th>{M.fieldKind}</Table.Th>
              <Table.Th>{M.fieldCategory}</Table.Th>
              <Table.Th>{M.fieldCurrency}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {choices.map((c, i) => (
              <Table.Tr key={c.code}>
                <Table.Td fw={600}>{c.code}</Table.Td>
                <Table.Td>
                  {unknown[i]!.row} ({unknown[i]!.rows})
                </Table.Td>
                <Table.Td>
                  <TextInput
                    size="xs"
                    aria-label={`${c.code} ${M.fieldName}`}
                    value={c.name}
                    onChange={(e) => set(i, { name: e.currentTarget.value })}
                  />
                </Table.Td>
                <Table.Td>
                  <Select
                    size="xs"
                    w={150}
                    aria-label={`${c.code} ${M.fieldKind}`}
                    data={KIND_OPTIONS}
                    value={c.kind}
                    allowDeselect={false}
                    comboboxProps={{ withinPortal: true }}
                    onChange={(v) => v !== null && set(i, { kind: v as PortfolioChoice['kind'] })}
                  />
                </Table.Td>
                <Table.Td>
                  <Select
                    size="xs"
                    w={200}
                    aria-label={`${c.code} ${M.fieldCategory}`}
                    placeholder={M.categoryPlaceholder}
                    data={CATEGORY_OPTIONS}
                    value={c.kind === 'fund' ? c.fundCategory : null}
                    disabled={c.kind !== 'fund'}
                    comboboxProps={{ withinPortal: true }}
                    onChange={(v) => set(i, { fundCategory: v as FundCategory | null })}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    size="xs"
                    w={70}
                    aria-label={`${c.code} ${M.fieldCurrency}`}
                    value={c.currency}
                    onChange={(e) => set(i, { currency: e.currentTarget.value.toUpperCase() })}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {problems.length > 0 && (
          <Alert color="red" variant="light" data-testid="new-portfolio-problems">
            {problems.map((p) => (
              <div key={p}>{p}</div>
            ))}
          </Alert>
        )}
      </Stack>
    </ConfirmDialog>
  );
}
