import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import {
  INSTRUMENT_MAIN_TYPE_LABELS,
  fundPortfolioCode,
  type Instrument,
} from '@fonrisk/contracts';
import { usePortfolios } from '../../../components/holdings/api/get-portfolios.ts';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { DeleteDialog } from '../../../components/ui/delete-dialog.tsx';
import { RecordTable } from '../../../components/ui/record-table.tsx';
import { useCanWrite } from '../../../components/permissions/use-can-write.ts';
import { formatDate } from '../../../lib/format.ts';
import { useDeleteInstrument } from '../api/delete-instrument.ts';
import { useInstrumentsOfTypes } from '../api/get-instruments.ts';
import {
  SCREEN_MAIN_TYPES,
  SCREEN_PATHS,
  SCREEN_TERMS,
  type InstrumentScreen,
} from '../instrument-kinds.ts';
import { INSTRUMENT_MESSAGES as M } from '../messages.ts';
import { BondCashflows } from './bond-cashflows.tsx';
import { InstrumentForm } from './instrument-form.tsx';
import { matchesSearch, maturityOf, termsSummary } from './terms-summary.ts';

/** fund-creation, option-creation, future-creation, bond-creation: the list of that kind, create and edit. */
export function InstrumentsPage({
  screen,
  renderPriceSeriesOffer,
  renderPortfolioOffer,
}: {
  screen: InstrumentScreen;
  /**
   * The price-series form offered after a new instrument is saved (the symbol-search feature's
   * series form, composed in app/): the instrument, the sentence to show, and how to close it.
   */
  renderPriceSeriesOffer: (instrument: Instrument, intro: string, onClose: () => void) => ReactNode;
  /**
   * fund-creation: the portfolio form of the portfolios feature for a fund without portfolio
   * (composed in app/), prefilled from the fund, so that its holdings load (issue 21).
   */
  renderPortfolioOffer?: (fund: Instrument, intro: string, onClose: () => void) => ReactNode;
}) {
  const instruments = useInstrumentsOfTypes(SCREEN_MAIN_TYPES[screen]);
  const remove = useDeleteInstrument();
  const canWrite = useCanWrite();
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<Instrument | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Instrument | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  // A newly created instrument is offered its price series (issue 10).
  const [priceSeriesFor, setPriceSeriesFor] = useState<Instrument | null>(null);
  // A fund without portfolio is offered one (after saving it, and from its row).
  const [portfolioFor, setPortfolioFor] = useState<Instrument | null>(null);
  const isBond = SCREEN_TERMS[screen] === 'bond';
  const isFund = SCREEN_TERMS[screen] === 'fund' && renderPortfolioOffer !== undefined;
  const portfolios = usePortfolios('fund', true);
  const portfolioOf = useMemo(() => {
    const list = portfolios.data ?? [];
    const codes = new Set(list.map((p) => p.code));
    const retired = new Set(list.filter((p) => p.retiredAt !== null).map((p) => p.code));
    return (i: Instrument): string | null => {
      const code = fundPortfolioCode(i, codes);
      return code !== null && retired.has(code) ? M.retiredPortfolio(code) : code;
    };
  }, [portfolios.data]);
  const hasNoPortfolio = (i: Instrument): boolean =>
    isFund && portfolios.isSuccess && portfolioOf(i) === null;
  const rows = useMemo(
    () => instruments.data.filter((i) => matchesSearch(i, query)),
    [instruments.data, query],
  );

  return (
    <Stack gap="md">
      <PageHeader
        path={SCREEN_PATHS[screen]}
        subtitle={M.subtitle[screen]}
        actions={canWrite && <Button onClick={() => setEditing('new')}>{M.newInstrument}</Button>}
      />
      <Paper withBorder radius="md" p="sm">
        <Group justify="space-between" mb="xs">
          <TextInput
            aria-label={M.search}
            placeholder={M.searchPlaceholder}
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
            w={320}
            size="xs"
          />
          <Text size="xs" c="dimmed">
            {M.count(rows.length)}
          </Text>
        </Group>
        {instruments.isError && <Alert color="gray">{M.listUnavailable}</Alert>}
        {instruments.isSuccess && rows.length === 0 && <Text c="dimmed">{M.empty}</Text>}
        {rows.length > 0 && (
          <RecordTable
            rows={rows}
            rowKey={(i) => i.code}
            selectedKey={selected}
            testId="instrument-table"
            columns={[
              { header: M.code, cell: (i) => i.code, strong: true },
              { header: M.name, cell: (i) => i.name },
              { header: M.mainType, cell: (i) => INSTRUMENT_MAIN_TYPE_LABELS[i.mainType] },
              {
                header: M.currency,
                cell: (i) => (
                  <Badge size="xs" variant="outline" color="gray">
                    {i.currency}
                  </Badge>
                ),
              },
              { header: M.isinCode, cell: (i) => i.isinCode ?? '' },
              { header: M.terms, cell: termsSummary },
              {
                header: M.portfolio,
                cell: (i) => portfolioOf(i) ?? M.noPortfolio,
                hidden: !isFund || !portfolios.isSuccess,
              },
              {
                header: M.maturity,
                cell: (i) => formatDate(maturityOf(i)),
                hidden: screen === 'fund',
              },
            ]}
            actions={(i) => [
              {
                label: M.showCashflows,
                onClick: () => setSelected(i.code),
                tone: 'primary',
                hidden: !isBond,
              },
              {
                label: M.definePortfolio,
                onClick: () => setPortfolioFor(i),
                tone: 'primary',
                hidden: !canWrite || !hasNoPortfolio(i),
              },
              { label: M.edit, onClick: () => setEditing(i), hidden: !canWrite },
              {
                label: M.delete,
                onClick: () => setDeleting(i),
                tone: 'danger',
                hidden: !canWrite,
              },
            ]}
          />
        )}
      </Paper>
      {isBond && selected !== null && <BondCashflows key={selected} code={selected} />}
      {editing !== null && (
        <InstrumentForm
          screen={screen}
          instrument={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            if (isBond) setSelected(saved.code);
            if (editing === 'new') setPriceSeriesFor(saved);
            if (editing === 'new' && hasNoPortfolio(saved)) setPortfolioFor(saved);
          }}
        />
      )}
      {portfolioFor !== null &&
        renderPortfolioOffer?.(portfolioFor, M.offerPortfolio(portfolioFor.code), () => {
          setPortfolioFor(null);
        })}
      {portfolioFor === null &&
        priceSeriesFor !== null &&
        renderPriceSeriesOffer(priceSeriesFor, M.offerPriceSeries(priceSeriesFor.code), () => {
          setPriceSeriesFor(null);
        })}
      <DeleteDialog
        target={deleting}
        label={(i) => i.code}
        argument={(i) => i.code}
        remove={remove}
        messages={M}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
