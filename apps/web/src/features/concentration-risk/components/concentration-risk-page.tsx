import { Checkbox, NumberInput, Stack, Table, Text } from '@mantine/core';
import {
  CONCENTRATION_LIMIT_KEYS,
  CONCENTRATION_LIMITS,
  type ConcentrationLimitKey,
} from '@fonrisk/contracts';
import { PortfoliosAndDate } from '../../analysis-runs/components/portfolio-select.tsx';
import { RunScreen } from '../../analysis-runs/components/run-screen.tsx';
import { useRunForm } from '../../analysis-runs/components/use-run-form.tsx';
import { CONCENTRATION_MESSAGES as M } from '../messages.ts';
import {
  INITIAL_CONCENTRATION_FORM,
  validateConcentrationForm,
  type LimitRow,
} from './concentration-form-model.ts';
import { concentrationRiskResultScreen } from './concentration-risk-result-screen.tsx';
import { toNumber } from '../../../components/forms/field-values.ts';

/**
 * A limit's percent input: "100,00" and its arrows. With 80 px the table's narrowest layout was
 * one pixel wider than the form's column and its right border was cut off.
 */
const LIMIT_INPUT_PX = 76;
/** The limits table's least width: the check box, a rule's name on a few lines, two inputs. */
const LIMITS_TABLE_MIN_PX = 330;

/** `concentration-risk`: funds, date and the limits (each a setting) -> exposures and checks. */
export function ConcentrationRiskPage() {
  const form = useRunForm(
    'concentration-risk',
    () => INITIAL_CONCENTRATION_FORM,
    validateConcentrationForm,
  );
  const { state, change, errors } = form;
  const setLimit = (k: ConcentrationLimitKey, patch: Partial<LimitRow>) =>
    change({ limits: { ...state.limits, [k]: { ...state.limits[k], ...patch } } });
  return (
    <RunScreen form={form} messages={M} screen={concentrationRiskResultScreen}>
      <PortfoliosAndDate state={state} onChange={change} errors={errors} asOfLabel={M.asOfDate} />
      <NumberInput
        label={M.warningUsage}
        description={M.warningUsageHint}
        value={state.warningUsagePct}
        onChange={(v) => change({ warningUsagePct: toNumber(v) })}
        decimalSeparator=","
        error={errors.warningUsage}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {M.limitsTitle}
        </Text>
        {errors.limits && (
          <Text size="xs" c="red">
            {errors.limits}
          </Text>
        )}
        {/* The form's column is ~350 px on a 1,280 px screen: tighter cells, and below the
            table's least width it scrolls inside the form instead of spilling over its edge. */}
        <Table.ScrollContainer minWidth={LIMITS_TABLE_MIN_PX}>
          <Table withTableBorder striped horizontalSpacing={6} data-testid="concentration-limits">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{M.enabled}</Table.Th>
                <Table.Th>{M.limit}</Table.Th>
                <Table.Th>{M.limitPct}</Table.Th>
                <Table.Th>{M.thresholdPct}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {CONCENTRATION_LIMIT_KEYS.map((k) => {
                const r = state.limits[k];
                const rule = CONCENTRATION_LIMITS[k];
                return (
                  <Table.Tr key={k}>
                    <Table.Td>
                      <Checkbox
                        aria-label={`${rule.name} ${M.enabled}`}
                        checked={r.enabled}
                        onChange={(e) => setLimit(k, { enabled: e.currentTarget.checked })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{rule.name}</Text>
                      <Text size="xs" c="dimmed">
                        {rule.source}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        size="xs"
                        w={LIMIT_INPUT_PX}
                        aria-label={`${rule.name} ${M.limitPct}`}
                        value={r.limitPct}
                        decimalSeparator=","
                        onChange={(v) => setLimit(k, { limitPct: toNumber(v) })}
                      />
                    </Table.Td>
                    <Table.Td>
                      {r.thresholdPct !== null && (
                        <NumberInput
                          size="xs"
                          w={LIMIT_INPUT_PX}
                          aria-label={`${rule.name} ${M.thresholdPct}`}
                          value={r.thresholdPct}
                          decimalSeparator=","
                          onChange={(v) => setLimit(k, { thresholdPct: toNumber(v) })}
                        />
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </RunScreen>
  );
}
