import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  Stack,
  Tabs,
  Text,
  Tooltip,
} from '@mantine/core';
import {
  FUND_CATEGORY_LABELS,
  PORTFOLIO_KIND_LABELS,
  type PortfolioSummary,
} from '@fonrisk/contracts';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { SnapshotDatePicker } from '../../../components/dates/date-field.tsx';
import { usePortfolios } from '../../../components/holdings/api/get-portfolios.ts';
import { HoldingsPanel } from '../../../components/holdings/holdings-panel.tsx';
import { HOLDINGS_MESSAGES } from '../../../components/holdings/messages.ts';
import { useSnapshotDate } from '../../../components/holdings/use-snapshot-date.ts';
import { useCanWrite } from '../../../components/permissions/use-can-write.ts';
import { formatDate } from '../../../lib/format.ts';
import { toastStore } from '../../../lib/toast.ts';
import { useExportHoldings } from '../api/export-holdings.ts';
import { PORTFOLIO_MESSAGES } from '../messages.ts';
import { ComparePanel } from './compare-panel.tsx';
import { PortfolioForm } from './portfolio-form.tsx';
import { RetireDialog } from './retire-dialog.tsx';
import { UploadPanel } from './upload-panel.tsx';
import { FeeRateEditor } from '../../../components/fee-rate/fee-rate-editor.tsx';

type ScreenKind = 'fund' | 'customer';

function selectData(
  kind: ScreenKind,
  primary: readonly PortfolioSummary[],
  unified: readonly PortfolioSummary[],
) {
  const items = (list: readonly PortfolioSummary[]) =>
    list.map((p) => ({ value: p.code, label: `${p.code} · ${p.name}` }));
  const groups: { group: string; items: { value: string; label: string }[] }[] = [
    {
      group: kind === 'fund' ? PORTFOLIO_MESSAGES.groupFunds : PORTFOLIO_MESSAGES.groupCustomers,
      items: items(primary),
    },
  ];
  if (unified.length > 0)
    groups.push({ group: PORTFOLIO_MESSAGES.groupUnified, items: items(unified) });
  return groups;
}

/**
 * `portfolios` (funds, and unified portfolios too) and `customer-portfolios`: choose a portfolio
 * and one of its snapshot dates, read the holdings and their group summary, compare two dates,
 * export to Excel, and upload files; create, edit, retire and reactivate a fund or customer
 * portfolio (retired ones are listed only when asked for).
 */
export function PortfoliosPage({ kind }: { kind: ScreenKind }) {
  const [showRetired, setShowRetired] = useState(false);
  const primary = usePortfolios(kind, showRetired);
  const unified = usePortfolios('unified');
  const unifiedList = kind === 'fund' ? (unified.data ?? []) : [];
  const all = [...(primary.data ?? []), ...unifiedList];
  const [chosen, setChosen] = useState<string | null>(null);
  const code =
    chosen !== null && all.some((p) => p.code === chosen)
      ? chosen
      : (all.find((p) => p.dateCount > 0)?.code ?? null);
  const portfolio = all.find((p) => p.code === code) ?? null;
  const { dates, date, setDate } = useSnapshotDate(code);
  const exporter = useExportHoldings();
  const canWrite = useCanWrite();
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<PortfolioSummary | 'new' | null>(null);
  const [retiring, setRetiring] = useState<PortfolioSummary | null>(null);
  const stored = portfolio !== null && portfolio.kind !== 'unified' ? portfolio : null;

  const exportExcel = (): void => {
    if (code === null || date === null) return;
    exporter.mutate(
      { code, date },
      {
        onSuccess: (file) => toastStore.show('success', PORTFOLIO_MESSAGES.exported(file.fileName)),
      },
    );
  };

  return (
    <Stack gap="md">
      <PageHeader
        path={kind === 'fund' ? 'portfolios' : 'customer-portfolios'}
        subtitle={
          kind === 'fund' ? PORTFOLIO_MESSAGES.fundsSubtitle : PORTFOLIO_MESSAGES.customersSubtitle
        }
        actions={
          <Group gap="xs">
            <Checkbox
              label={PORTFOLIO_MESSAGES.showRetired}
              checked={showRetired}
              onChange={(e) => setShowRetired(e.currentTarget.checked)}
              size="xs"
            />
            {canWrite && (
              <>
                <Button variant="light" onClick={() => setEditing('new')}>
                  {PORTFOLIO_MESSAGES.newPortfolio}
                </Button>
                <Button onClick={() => setUploading(true)}>{PORTFOLIO_MESSAGES.upload}</Button>
              </>
            )}
          </Group>
        }
      />
      {primary.isError && <Alert color="gray">{PORTFOLIO_MESSAGES.listUnavailable}</Alert>}
      {primary.isSuccess && all.length === 0 && (
        <Alert color="gray">{PORTFOLIO_MESSAGES.noPortfolios}</Alert>
      )}
      {all.length > 0 && (
        <Paper withBorder p="sm" radius="md">
          <Group align="flex-end" gap="md" wrap="wrap">
            <Select
              label={PORTFOLIO_MESSAGES.portfolio}
              placeholder={PORTFOLIO_MESSAGES.portfolioPlaceholder}
              data={selectData(kind, primary.data ?? [], unifiedList)}
              value={code}
              onChange={setChosen}
              searchable
              allowDeselect={false}
              w={380}
              comboboxProps={{ withinPortal: true }}
              data-testid="portfolio-select"
            />
            {dates.length > 0 && (
              <SnapshotDatePicker
                label={PORTFOLIO_MESSAGES.date}
                dates={dates}
                value={date}
                onChange={setDate}
                testId="snapshot-date"
              />
            )}
            <Button
              variant="light"
              onClick={exportExcel}
              disabled={date === null}
              loading={exporter.isPending}
            >
              {PORTFOLIO_MESSAGES.exportExcel}
            </Button>
            {portfolio && <PortfolioFacts portfolio={portfolio} />}
          </Group>
          {stored && canWrite && (
            <Group mt="sm" gap="xs">
              <Button size="xs" variant="default" onClick={() => setEditing(stored)}>
                {PORTFOLIO_MESSAGES.editPortfolio}
              </Button>
              <Button
                size="xs"
                variant="default"
                color={stored.retiredAt === null ? 'red' : undefined}
                onClick={() => setRetiring(stored)}
              >
                {stored.retiredAt === null
                  ? PORTFOLIO_MESSAGES.retire
                  : PORTFOLIO_MESSAGES.reactivate}
              </Button>
            </Group>
          )}
          {portfolio && portfolio.kind !== 'unified' && (
            <Group mt="sm">
              <FeeRateEditor key={portfolio.code} code={portfolio.code} />
            </Group>
          )}
        </Paper>
      )}
      {portfolio && dates.length === 0 && <Alert color="gray">{PORTFOLIO_MESSAGES.noDates}</Alert>}
      {code !== null && date !== null && (
        <Tabs defaultValue="holdings" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="holdings">{PORTFOLIO_MESSAGES.tabHoldings}</Tabs.Tab>
            <Tabs.Tab value="compare">{PORTFOLIO_MESSAGES.tabCompare}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="holdings" pt="md">
            <HoldingsPanel code={code} date={date} stateKey={`holdings-${kind}`} />
          </Tabs.Panel>
          <Tabs.Panel value="compare" pt="md">
            <ComparePanel key={code} code={code} dates={dates} />
          </Tabs.Panel>
        </Tabs>
      )}
      {uploading && <UploadPanel onClose={() => setUploading(false)} />}
      {editing !== null && (
        <PortfolioForm
          portfolio={editing === 'new' ? null : editing}
          defaultKind={kind}
          onClose={() => setEditing(null)}
          onSaved={(saved) => setChosen(saved.code)}
        />
      )}
      {retiring !== null && <RetireDialog portfolio={retiring} onClose={() => setRetiring(null)} />}
    </Stack>
  );
}

function PortfolioFacts({ portfolio }: { portfolio: PortfolioSummary }) {
  return (
    <Group gap="xs" ml="auto" data-testid="portfolio-facts">
      {portfolio.isDemo && (
        <Tooltip label={HOLDINGS_MESSAGES.demoHint}>
          <Badge color="orange" variant="filled" data-testid="demo-badge">
            {HOLDINGS_MESSAGES.demoBadge}
          </Badge>
        </Tooltip>
      )}
      {portfolio.retiredAt !== null && (
        <Badge color="gray" variant="filled" data-testid="retired-badge">
          {PORTFOLIO_MESSAGES.retiredBadge}
        </Badge>
      )}
      <Badge variant="light">{PORTFOLIO_KIND_LABELS[portfolio.kind]}</Badge>
      {portfolio.fundCategory && (
        <Badge variant="outline">{FUND_CATEGORY_LABELS[portfolio.fundCategory]}</Badge>
      )}
      <Badge variant="outline" color="gray">
        {portfolio.currency}
      </Badge>
      {portfolio.referenceBenchmarkCode && (
        <Badge variant="outline" color="gray">
          {PORTFOLIO_MESSAGES.benchmark(portfolio.referenceBenchmarkCode)}
        </Badge>
      )}
      {portfolio.managementCompany && (
        <Text size="xs" c="dimmed">
          {PORTFOLIO_MESSAGES.company(portfolio.managementCompany)}
        </Text>
      )}
      {portfolio.firstDate && portfolio.lastDate && (
        <Text size="xs" c="dimmed">
          {PORTFOLIO_MESSAGES.summary(
            portfolio.dateCount,
            formatDate(portfolio.firstDate),
            formatDate(portfolio.lastDate),
          )}
        </Text>
      )}
    </Group>
  );
}
