import { Alert, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { useCanWrite } from '../../../components/permissions/use-can-write.ts';
import { toastStore } from '../../../lib/toast.ts';
import { useBenchmarks } from '../api/get-benchmarks.ts';
import { useReferenceBenchmarks } from '../api/get-reference-benchmarks.ts';
import { useSaveReferenceBenchmark } from '../api/save-reference-benchmark.ts';
import { BENCHMARK_MESSAGES as M } from '../messages.ts';

const NONE = '';

/**
 * reference-benchmark: one row per fund or customer portfolio with a select of benchmarks (its
 * list gives each code with its definition) and the chosen benchmark's definition in full beside
 * it (a definition is a line of weights: in the select it was cut); a change is saved at once.
 */
export function ReferenceBenchmarkPage() {
  const references = useReferenceBenchmarks();
  const benchmarks = useBenchmarks();
  const save = useSaveReferenceBenchmark();
  const canWrite = useCanWrite();
  const options = [
    { value: NONE, label: M.none },
    ...(benchmarks.data ?? []).map((b) => ({ value: b.code, label: b.code })),
  ];
  const names = new Map((benchmarks.data ?? []).map((b) => [b.code, b.name]));

  return (
    <Stack gap="md">
      <PageHeader path="reference-benchmark" subtitle={M.referenceSubtitle} />
      {(references.isError || benchmarks.isError) && <Alert color="gray">{M.unavailable}</Alert>}
      {references.data?.length === 0 && <Text c="dimmed">{M.noFunds}</Text>}
      {references.data && references.data.length > 0 && (
        <Paper withBorder p="sm" radius="md">
          <Table striped withTableBorder fz="xs" verticalSpacing={4} data-testid="reference-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={110}>{M.fund}</Table.Th>
                <Table.Th>{M.fundName}</Table.Th>
                <Table.Th w={230}>{M.referenceBenchmark}</Table.Th>
                <Table.Th>{M.referenceDefinition}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {references.data.map((r) => (
                <Table.Tr key={r.portfolioCode}>
                  <Table.Td fw={600}>{r.portfolioCode}</Table.Td>
                  <Table.Td>{r.portfolioName}</Table.Td>
                  <Table.Td>
                    <Select
                      size="xs"
                      aria-label={`${M.referenceBenchmark} ${r.portfolioCode}`}
                      data={options}
                      value={r.benchmarkCode ?? NONE}
                      renderOption={({ option }) =>
                        option.value === NONE
                          ? option.label
                          : `${option.value} · ${names.get(option.value) ?? ''}`
                      }
                      disabled={!canWrite}
                      allowDeselect={false}
                      onChange={(value) =>
                        save.mutate(
                          {
                            portfolioCode: r.portfolioCode,
                            benchmarkCode: value === null || value === NONE ? null : value,
                          },
                          {
                            onSuccess: () =>
                              toastStore.show('success', M.referenceSaved(r.portfolioCode)),
                          },
                        )
                      }
                      comboboxProps={{ withinPortal: true }}
                    />
                  </Table.Td>
                  <Table.Td data-testid={`reference-definition-${r.portfolioCode}`}>
                    {r.benchmarkCode === null ? '–' : (names.get(r.benchmarkCode) ?? '–')}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}
