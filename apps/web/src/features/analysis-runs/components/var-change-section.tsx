import { useMemo } from 'react';
import { Alert, Group, Loader, Stack, Table, Text } from '@mantine/core';
import {
  VAR_CHANGE_FACTOR_HELP,
  VAR_CHANGE_FACTOR_LABELS,
  varChangeChart,
  type VarChangeResponse,
  type VarChangeStepRow,
} from '@fonrisk/contracts';
import { EChart } from '../../../components/charts/echart.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { formatDate } from '../../../lib/format.ts';
import { useVarChange, type VarChangeRequest } from '../api/get-var-change.ts';
import { Section } from './figures.tsx';
import { formatPct, formatTry } from './format.ts';

/** Texts of "RMD neden değişti?" (var-analysis-result and rmd-tracking). */
export const VAR_CHANGE_MESSAGES = {
  title: 'RMD neden değişti?',
  loading: 'RMD değişimi hesaplanıyor…',
  failed: 'RMD değişimi hesaplanamadı.',
  summary: (r: VarChangeResponse): string =>
    `${formatDate(r.from.date)} RMD ${formatTry(r.from.varTry, 0)} (${formatPct(r.from.varPct)} FTD) → ${formatDate(r.to.date)} RMD ${formatTry(r.to.varTry, 0)} (${formatPct(r.to.varPct)} FTD): değişim ${signedTry(r.changeTry)}.`,
  order: (r: VarChangeResponse): string =>
    `Kullanılan sıra: ${r.order.map((f) => VAR_CHANGE_FACTOR_LABELS[f]).join(' → ')}. Her parça, zincirde o etkenin dünkü değerden bugünküne geçirilmesiyle oluşan RMD farkıdır; parçaların toplamı değişime eşittir. Diğer sıralamalardaki aralık ${String(r.orders)} sıralamanın tümü üzerinden verilmiştir.`,
  parameterSource: (side: 'from' | 'to', r: VarChangeResponse): string => {
    const s = r[side];
    return `${formatDate(s.date)} parametreleri: ${s.runId === null ? 'güncel RMD ayarları (o gün için tamamlanmış RMD hesaplaması yok)' : 'o günün RMD hesaplamasından'}.`;
  },
  colPart: 'Parça',
  colChange: 'Değişim (TL)',
  colSpread: 'Diğer sıralamalarda (en düşük – en yüksek)',
  colMeaning: 'Açıklama',
  total: 'Toplam değişim',
  positionsTitle: 'Parçaların arkasındaki pozisyonlar (bileşen RMD değişimi)',
  colInstrument: 'Varlık',
  colBefore: 'Önce (TL)',
  colAfter: 'Sonra (TL)',
  noPositions: 'Bu adımda bileşen RMD değişen pozisyon yok.',
} as const;

const M = VAR_CHANGE_MESSAGES;

/** A change in whole TL with its sign; what rounds to 0 is "0 TL", never "+0" or "-0". */
function signedTry(value: number): string {
  const rounded = Math.round(value);
  const text = formatTry(rounded === 0 ? 0 : rounded, 0);
  return rounded > 0 ? `+${text}` : text;
}

/** The waterfall, the parts with their spread, and the positions behind each part. */
export function VarChangeView({ result }: { result: VarChangeResponse }) {
  const chart = useMemo(() => varChangeChart(result), [result]);
  return (
    <Stack gap="sm" data-testid="var-change">
      <Text size="sm">{M.summary(result)}</Text>
      <EChart option={chart.option} height={300} ariaLabel={chart.title} />
      <Text size="xs" c="dimmed">
        {M.order(result)}
      </Text>
      <Text size="xs" c="dimmed">
        {`${M.parameterSource('from', result)} ${M.parameterSource('to', result)}`}
      </Text>
      <Table verticalSpacing={4} fz="sm" data-testid="var-change-parts">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{M.colPart}</Table.Th>
            <Table.Th ta="right">{M.colChange}</Table.Th>
            <Table.Th ta="right">{M.colSpread}</Table.Th>
            <Table.Th>{M.colMeaning}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {result.steps.map((s) => (
            <Table.Tr key={s.factor} data-factor={s.factor}>
              <Table.Td fw={600}>{VAR_CHANGE_FACTOR_LABELS[s.factor]}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {signedTry(s.changeTry)}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {`${signedTry(s.minTry)} – ${signedTry(s.maxTry)}`}
              </Table.Td>
              <Table.Td>
                <Text size="xs" c="dimmed">
                  {VAR_CHANGE_FACTOR_HELP[s.factor]}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Td fw={700}>{M.total}</Table.Td>
            <Table.Td ta="right" fw={700} style={{ whiteSpace: 'nowrap' }}>
              {signedTry(result.changeTry)}
            </Table.Td>
            <Table.Td />
            <Table.Td />
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Text fw={600} size="sm">
        {M.positionsTitle}
      </Text>
      {result.steps.map((s) => (
        <StepPositions key={s.factor} step={s} />
      ))}
    </Stack>
  );
}

function StepPositions({ step }: { step: VarChangeStepRow }) {
  return (
    <Stack gap={2} data-testid={`var-change-positions-${step.factor}`}>
      <Text size="sm">{`${VAR_CHANGE_FACTOR_LABELS[step.factor]}: ${signedTry(step.changeTry)}`}</Text>
      {step.positions.length === 0 ? (
        <Text size="xs" c="dimmed">
          {M.noPositions}
        </Text>
      ) : (
        <Table verticalSpacing={2} fz="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{M.colInstrument}</Table.Th>
              <Table.Th ta="right">{M.colBefore}</Table.Th>
              <Table.Th ta="right">{M.colAfter}</Table.Th>
              <Table.Th ta="right">{M.colChange}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {step.positions.map((p) => (
              <Table.Tr key={p.instrumentCode}>
                <Table.Td>
                  <Text span fw={600} size="xs">
                    {p.instrumentCode}
                  </Text>{' '}
                  <Text span c="dimmed" size="xs">
                    {p.instrumentName ?? ''}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{formatTry(p.beforeTry, 0)}</Table.Td>
                <Table.Td ta="right">{formatTry(p.afterTry, 0)}</Table.Td>
                <Table.Td ta="right">{signedTry(p.changeTry)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** "RMD neden değişti?" for a fund between two holdings dates (the API's defaults when omitted). */
export function VarChangeSection(props: VarChangeRequest) {
  const change = useVarChange(props);
  return (
    <Section title={M.title}>
      {change.isPending && (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {M.loading}
          </Text>
        </Group>
      )}
      {change.isError && (
        <Alert color="gray" data-testid="var-change-error">
          {change.error instanceof ApiError && change.error.detail !== null
            ? change.error.detail
            : M.failed}
        </Alert>
      )}
      {change.isSuccess && <VarChangeView result={change.data} />}
    </Section>
  );
}
