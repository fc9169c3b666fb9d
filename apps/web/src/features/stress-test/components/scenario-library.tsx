import { useState, type SubmitEvent } from 'react';
import {
  Badge,
  Button,
  Group,
  MultiSelect,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Table,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import {
  CREDIT_ISSUER_TYPES,
  INSTRUMENT_MAIN_TYPE_LABELS,
  STRESS_SCENARIO_KIND_LABELS,
  type StressScenario,
} from '@fonrisk/contracts';
import { DateField } from '../../../components/dates/date-field.tsx';
import { useCanWrite } from '../../../components/permissions/use-can-write.ts';
import { DeleteDialog } from '../../../components/ui/delete-dialog.tsx';
import { FormModal } from '../../../components/ui/form-modal.tsx';
import { toastStore } from '../../../lib/toast.ts';
import { useDeleteStressScenario } from '../api/delete-stress-scenario.ts';
import { useSaveStressScenario } from '../api/save-stress-scenario.ts';
import { STRESS_MESSAGES as M } from '../messages.ts';
import {
  EMPTY_SCENARIO_FORM,
  SHOCK_CURRENCIES,
  scenarioFormOf,
  scenarioSummary,
  validateScenarioForm,
  type ScenarioFormErrors,
  type ScenarioFormState,
} from './scenario-form-model.ts';

interface LibraryProps {
  readonly scenarios: readonly StressScenario[];
}

/** The scenario library: list with its shocks, new / edit / delete for the roles that may write. */
export function ScenarioLibrary({ scenarios }: LibraryProps) {
  const canWrite = useCanWrite();
  const [editing, setEditing] = useState<StressScenario | 'new' | null>(null);
  const [deleting, setDeleting] = useState<StressScenario | null>(null);
  const remove = useDeleteStressScenario();
  const names = new Map(scenarios.map((s) => [s.id, s.name]));
  return (
    <Paper withBorder radius="md" p="sm" data-testid="scenario-library">
      <Group justify="space-between" mb="xs">
        <Text fw={600} size="sm">
          {M.libraryTitle}
        </Text>
        {canWrite && (
          <Button size="compact-sm" onClick={() => setEditing('new')}>
            {M.newScenario}
          </Button>
        )}
      </Group>
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{M.colName}</Table.Th>
            <Table.Th>{M.colKind}</Table.Th>
            <Table.Th>{M.colSummary}</Table.Th>
            {canWrite && <Table.Th />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {scenarios.map((s) => (
            <Table.Tr key={s.id}>
              <Table.Td title={s.description}>
                {s.name}{' '}
                {s.shipped && (
                  <Badge size="xs" variant="light">
                    {M.shipped}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{STRESS_SCENARIO_KIND_LABELS[s.kind]}</Table.Td>
              <Table.Td>
                <Text size="xs">{scenarioSummary(s, names)}</Text>
              </Table.Td>
              {canWrite && (
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button size="compact-xs" variant="light" onClick={() => setEditing(s)}>
                      {M.edit}
                    </Button>
                    {!s.shipped && (
                      <Button
                        size="compact-xs"
                        variant="light"
                        color="red"
                        onClick={() => setDeleting(s)}
                      >
                        {M.delete}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {editing !== null && (
        <ScenarioDialog
          scenario={editing === 'new' ? null : editing}
          scenarios={scenarios}
          onClose={() => setEditing(null)}
        />
      )}
      <DeleteDialog
        target={deleting}
        label={(s) => s.name}
        argument={(s) => s.id}
        remove={remove}
        messages={M}
        onClose={() => setDeleting(null)}
      />
    </Paper>
  );
}

function ScenarioDialog({
  scenario,
  scenarios,
  onClose,
}: {
  scenario: StressScenario | null;
  scenarios: readonly StressScenario[];
  onClose: () => void;
}) {
  const [state, setState] = useState<ScenarioFormState>(
    scenario === null ? EMPTY_SCENARIO_FORM : scenarioFormOf(scenario),
  );
  const [errors, setErrors] = useState<ScenarioFormErrors>({});
  const save = useSaveStressScenario();
  const change = (patch: Partial<ScenarioFormState>): void => setState((s) => ({ ...s, ...patch }));
  const submit = (event: SubmitEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const v = validateScenarioForm(state);
    if (!v.ok) {
      setErrors(v.errors);
      return;
    }
    setErrors({});
    save.mutate(
      { request: v.request, id: scenario?.id ?? null },
      {
        onSuccess: (saved) => {
          toastStore.show('success', M.saved(saved.name));
          onClose();
        },
      },
    );
  };
  const numberField = (
    label: string,
    value: string,
    onChange: (v: string) => void,
    key: string,
  ) => (
    <TextInput
      key={key}
      label={label}
      value={value}
      inputMode="decimal"
      onChange={(e) => onChange(e.currentTarget.value)}
      error={errors[key]}
    />
  );
  return (
    <FormModal
      title={scenario === null ? M.dialogNew : M.dialogEdit}
      size="xl"
      onSubmit={submit}
      onClose={onClose}
      messages={M}
      busy={save.isPending}
    >
      <SegmentedControl
        data={Object.entries(STRESS_SCENARIO_KIND_LABELS).map(([value, label]) => ({
          value,
          label,
        }))}
        value={state.kind}
        onChange={(kind) => change({ kind: kind as ScenarioFormState['kind'] })}
        disabled={scenario?.shipped === true}
        aria-label={M.kind}
      />
      <TextInput
        label={M.name}
        value={state.name}
        onChange={(e) => change({ name: e.currentTarget.value })}
        error={errors['name']}
      />
      <Textarea
        label={M.description}
        value={state.description}
        onChange={(e) => change({ description: e.currentTarget.value })}
        autosize
        minRows={2}
        maxRows={6}
        error={errors['description']}
      />
      {errors['shocks'] !== undefined && (
        <Text c="red" size="sm">
          {errors['shocks']}
        </Text>
      )}
      {state.kind === 'hypothetical' && (
        <>
          <SimpleGrid cols={3}>
            {numberField(
              M.equityPct,
              state.equityPct,
              (v) => change({ equityPct: v }),
              'equityPct',
            )}
            {numberField(M.goldPct, state.goldPct, (v) => change({ goldPct: v }), 'goldPct')}
            {numberField(M.cpiPct, state.cpiPct, (v) => change({ cpiPct: v }), 'cpiPct')}
            {SHOCK_CURRENCIES.map((c) =>
              numberField(
                M.fxPct(c),
                state.fx[c] ?? '',
                (v) => change({ fx: { ...state.fx, [c]: v } }),
                `fx.${c}`,
              ),
            )}
            {numberField(
              M.parallelBp,
              state.parallelBp,
              (v) => change({ parallelBp: v }),
              'parallelBp',
            )}
            {numberField(
              M.volatilityPoints,
              state.volatilityPoints,
              (v) => change({ volatilityPoints: v }),
              'volatilityPoints',
            )}
          </SimpleGrid>
          <TextInput
            label={M.curvePoints}
            value={state.curvePoints}
            onChange={(e) => change({ curvePoints: e.currentTarget.value })}
            error={errors['curvePoints']}
          />
          <SimpleGrid cols={3}>
            {CREDIT_ISSUER_TYPES.map((t) =>
              numberField(
                M.creditSpread(INSTRUMENT_MAIN_TYPE_LABELS[t]),
                state.credit[t] ?? '',
                (v) => change({ credit: { ...state.credit, [t]: v } }),
                `credit.${t}`,
              ),
            )}
          </SimpleGrid>
        </>
      )}
      {state.kind === 'historical' && (
        <SimpleGrid cols={2}>
          <DateField
            label={M.fromDate}
            value={state.fromDate}
            onChange={(fromDate) => change({ fromDate })}
            error={errors['fromDate']}
          />
          <DateField
            label={M.toDate}
            value={state.toDate}
            onChange={(toDate) => change({ toDate })}
            error={errors['toDate']}
          />
        </SimpleGrid>
      )}
      {state.kind === 'combination' && (
        <MultiSelect
          label={M.components}
          data={scenarios
            .filter((s) => s.kind !== 'combination' && s.id !== scenario?.id)
            .map((s) => ({ value: String(s.id), label: s.name }))}
          value={state.componentIds}
          onChange={(componentIds) => change({ componentIds })}
          error={errors['componentIds']}
          comboboxProps={{ withinPortal: true }}
        />
      )}
    </FormModal>
  );
}
