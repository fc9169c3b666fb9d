import {
  Accordion,
  Button,
  Group,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import {
  INSTRUMENT_MAIN_TYPES,
  INSTRUMENT_MAIN_TYPE_LABELS,
  LIQUIDITY_BASIS_LABELS,
  SELLING_METHOD_LABELS,
  type InstrumentMainType,
  type LiquidityBasis,
  type SellingMethod,
} from '@fonrisk/contracts';
import { PortfoliosAndDate } from '../../analysis-runs/components/portfolio-select.tsx';
import { RunScreen } from '../../analysis-runs/components/run-screen.tsx';
import { useRunForm } from '../../analysis-runs/components/use-run-form.tsx';
import { LIQUIDITY_MESSAGES as M } from '../messages.ts';
import {
  INITIAL_LIQUIDITY_FORM,
  validateLiquidityForm,
  type TypeSettingRow,
} from './liquidity-form-model.ts';
import { liquidityTestResultScreen } from './liquidity-test-result-screen.tsx';
import { labelOptions, toNumber } from '../../../components/forms/field-values.ts';

/** `liquidity-test`: funds, date, participation, redemption scenarios and type settings. */
export function LiquidityTestPage() {
  const form = useRunForm('liquidity-test', () => INITIAL_LIQUIDITY_FORM, validateLiquidityForm);
  const { state, change, errors } = form;
  const setType = (t: InstrumentMainType, patch: Partial<TypeSettingRow>) =>
    change({
      typeSettings: { ...state.typeSettings, [t]: { ...state.typeSettings[t], ...patch } },
    });
  return (
    <RunScreen form={form} messages={M} screen={liquidityTestResultScreen}>
      <PortfoliosAndDate state={state} onChange={change} errors={errors} asOfLabel={M.asOfDate} />
      <NumberInput
        label={M.participationRate}
        description={M.participationHint}
        value={state.participationPct}
        onChange={(v) => change({ participationPct: toNumber(v) })}
        decimalSeparator=","
        error={errors.participationRate}
      />
      <NumberInput
        label={M.settlementDays}
        description={M.settlementDaysHint}
        value={state.settlementDays}
        onChange={(v) => change({ settlementDays: toNumber(v) })}
        allowDecimal={false}
        error={errors.settlementDays}
      />
      <NumberInput
        label={M.fixedRedemption}
        description={M.fixedRedemptionHint}
        value={state.fixedRedemptionPct}
        onChange={(v) => change({ fixedRedemptionPct: toNumber(v) })}
        decimalSeparator=","
        error={errors.fixedRedemptionShare}
      />
      <NumberInput
        label={M.historyDays}
        value={state.historyDays}
        onChange={(v) => change({ historyDays: toNumber(v) })}
        allowDecimal={false}
        error={errors.historyDays}
      />
      <Select
        label={M.sellingMethod}
        data={labelOptions(SELLING_METHOD_LABELS)}
        value={state.sellingMethod}
        onChange={(v) => {
          if (v !== null) change({ sellingMethod: v as SellingMethod });
        }}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      <NumberInput
        label={M.minimumCoverage}
        value={state.minimumCoverage}
        onChange={(v) => change({ minimumCoverage: toNumber(v) })}
        decimalSeparator=","
        error={errors.minimumCoverage}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {M.scenarios}
        </Text>
        {state.scenarios.map((r, i) => (
          <Group key={i} gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label={M.scenarioName}
              value={r.name}
              onChange={(e) => {
                const name = e.currentTarget.value;
                change({
                  scenarios: state.scenarios.map((x, k) => (k === i ? { ...x, name } : x)),
                });
              }}
            />
            <NumberInput
              label={M.scenarioShare}
              value={r.redemptionPct}
              w={120}
              decimalSeparator=","
              onChange={(v) =>
                change({
                  scenarios: state.scenarios.map((x, k) =>
                    k === i ? { ...x, redemptionPct: toNumber(v) } : x,
                  ),
                })
              }
            />
            <NumberInput
              label={M.scenarioDays}
              value={r.horizonDays}
              w={110}
              allowDecimal={false}
              onChange={(v) =>
                change({
                  scenarios: state.scenarios.map((x, k) =>
                    k === i ? { ...x, horizonDays: toNumber(v) } : x,
                  ),
                })
              }
            />
            <Button
              variant="subtle"
              color="red"
              onClick={() => change({ scenarios: state.scenarios.filter((_, k) => k !== i) })}
            >
              {M.removeScenario}
            </Button>
          </Group>
        ))}
        {errors.scenarios && (
          <Text size="xs" c="red">
            {errors.scenarios}
          </Text>
        )}
        <Group>
          <Button
            variant="light"
            size="xs"
            onClick={() =>
              change({
                scenarios: [...state.scenarios, { name: '', redemptionPct: 20, horizonDays: 5 }],
              })
            }
          >
            {M.addScenario}
          </Button>
        </Group>
      </Stack>
      <Accordion variant="contained">
        <Accordion.Item value="types">
          <Accordion.Control>{M.typeSettings}</Accordion.Control>
          <Accordion.Panel>
            {errors.typeSettings && (
              <Text size="xs" c="red" mb="xs">
                {errors.typeSettings}
              </Text>
            )}
            <Table withTableBorder striped data-testid="liquidity-type-settings">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{M.type}</Table.Th>
                  <Table.Th>{M.basis}</Table.Th>
                  <Table.Th>{M.days}</Table.Th>
                  <Table.Th>{M.windowDays}</Table.Th>
                  <Table.Th>{M.haircut}</Table.Th>
                  <Table.Th>{M.settlementLag}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {INSTRUMENT_MAIN_TYPES.map((t) => {
                  const r = state.typeSettings[t];
                  return (
                    <Table.Tr key={t}>
                      <Table.Td>{INSTRUMENT_MAIN_TYPE_LABELS[t]}</Table.Td>
                      <Table.Td>
                        <Select
                          size="xs"
                          aria-label={`${INSTRUMENT_MAIN_TYPE_LABELS[t]} ${M.basis}`}
                          data={labelOptions(LIQUIDITY_BASIS_LABELS)}
                          value={r.basis}
                          onChange={(v) => {
                            if (v !== null) setType(t, { basis: v as LiquidityBasis });
                          }}
                          allowDeselect={false}
                          comboboxProps={{ withinPortal: true }}
                        />
                      </Table.Td>
                      <Table.Td>
                        <NumberInput
                          size="xs"
                          aria-label={`${INSTRUMENT_MAIN_TYPE_LABELS[t]} ${M.days}`}
                          value={r.days}
                          decimalSeparator=","
                          onChange={(v) => setType(t, { days: toNumber(v) })}
                        />
                      </Table.Td>
                      <Table.Td>
                        <NumberInput
                          size="xs"
                          aria-label={`${INSTRUMENT_MAIN_TYPE_LABELS[t]} ${M.windowDays}`}
                          value={r.windowDays}
                          allowDecimal={false}
                          onChange={(v) => setType(t, { windowDays: toNumber(v) })}
                        />
                      </Table.Td>
                      <Table.Td>
                        <NumberInput
                          size="xs"
                          aria-label={`${INSTRUMENT_MAIN_TYPE_LABELS[t]} ${M.haircut}`}
                          value={r.haircutPct}
                          decimalSeparator=","
                          onChange={(v) => setType(t, { haircutPct: toNumber(v) })}
                        />
                      </Table.Td>
                      <Table.Td>
                        <NumberInput
                          size="xs"
                          aria-label={`${INSTRUMENT_MAIN_TYPE_LABELS[t]} ${M.settlementLag}`}
                          value={r.settlementLag}
                          allowDecimal={false}
                          min={0}
                          onChange={(v) => setType(t, { settlementLag: toNumber(v) })}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </RunScreen>
  );
}
