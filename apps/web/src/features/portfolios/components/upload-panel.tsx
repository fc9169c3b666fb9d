import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  FileInput,
  Group,
  Modal,
  Select,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import {
  type CreatePortfolioRequest,
  IMPORT_KIND_LABELS,
  IMPORT_KINDS,
  type ImportKind,
  type ImportResponse,
  type NewSeriesChoice,
  type NumberFormat,
  type Problem,
} from '@fonrisk/contracts';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { useDownloadTemplate } from '../api/download-template.ts';
import { uploadRejection, useUploadImport, type PriceConfirmation } from '../api/upload-import.ts';
import { PriceConfirmDialog } from './price-confirm-dialog.tsx';
import { PortfolioConfirmDialog } from './portfolio-confirm-dialog.tsx';
import { FieldChangesDialog } from './field-changes-dialog.tsx';
import { NumberFormatSelect } from './number-format-select.tsx';
import { PORTFOLIO_MESSAGES } from '../messages.ts';
import { UploadErrorsTable } from './upload-errors-table.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';

type Conflicts = NonNullable<Problem['conflicts']>;
type RowErrors = NonNullable<Problem['errors']>;
type UnknownPortfolios = NonNullable<Problem['unknownPortfolios']>;
type FieldChanges = NonNullable<Problem['fieldChanges']>;

const KIND_OPTIONS = IMPORT_KINDS.map((k) => ({ value: k, label: IMPORT_KIND_LABELS[k] }));

/**
 * Upload of holdings, prices, FX rates, instruments, corporate actions or cash flows (.xlsx or
 * .csv) with template downloads.
 * A 422 shows the rejected rows; a 409 lists the portfolio dates already loaded and, once the
 * user confirms, sends the same file again with confirmReplace=true; a 409 for unknown portfolio
 * codes asks for each one's kind and category and sends the file again with `newPortfolios`; a
 * 409 listing the stored FX rates or instrument attributes the file would change sends it again
 * with confirmReplace=true once the user confirms.
 */
export function UploadPanel({
  onClose,
  initialKind = 'holdings',
}: {
  onClose: () => void;
  initialKind?: ImportKind;
}) {
  const upload = useUploadImport();
  const template = useDownloadTemplate();
  const [kind, setKind] = useState<ImportKind>(initialKind);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [errors, setErrors] = useState<RowErrors | null>(null);
  const [conflicts, setConflicts] = useState<Conflicts | null>(null);
  const [conflictDetail, setConflictDetail] = useState('');
  const [result, setResult] = useState<ImportResponse | null>(null);
  const [pending, setPending] = useState<PriceConfirmation | null>(null);
  const [fieldChanges, setFieldChanges] = useState<FieldChanges | null>(null);
  // Series confirmed in an earlier round stay confirmed; jumps are accepted only as listed last.
  const [newSeries, setNewSeries] = useState<NewSeriesChoice[]>([]);
  // Portfolios confirmed for unknown codes stay confirmed for the next rounds (replace dates).
  const [unknownPortfolios, setUnknownPortfolios] = useState<UnknownPortfolios | null>(null);
  const [newPortfolios, setNewPortfolios] = useState<CreatePortfolioRequest[]>([]);

  const send = (
    confirmReplace: boolean,
    confirmed: {
      acceptWarnings: boolean;
      newSeries: NewSeriesChoice[];
      numberFormat?: NumberFormat;
    } = {
      acceptWarnings: false,
      newSeries: [],
    },
    portfolios: CreatePortfolioRequest[] = newPortfolios,
  ): void => {
    if (file === null) {
      setFileError(PORTFOLIO_MESSAGES.fileRequired);
      return;
    }
    setFileError(undefined);
    setErrors(null);
    setResult(null);
    upload.mutate(
      { kind, file, confirmReplace, ...confirmed, newPortfolios: portfolios },
      {
        onSuccess: (response) => {
          setConflicts(null);
          setPending(null);
          setUnknownPortfolios(null);
          setFieldChanges(null);
          setResult(response);
        },
        onError: (error) => {
          const rejection = uploadRejection(error);
          setConflicts(rejection?.kind === 'conflict' ? rejection.conflicts : null);
          setConflictDetail(rejection?.kind === 'conflict' ? rejection.detail : '');
          setPending(rejection?.kind === 'confirm' ? rejection.confirm : null);
          setUnknownPortfolios(
            rejection?.kind === 'portfolios' ? rejection.unknownPortfolios : null,
          );
          setFieldChanges(rejection?.kind === 'fieldChanges' ? rejection.changes : null);
          if (rejection?.kind === 'invalid') setErrors(rejection.errors);
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={PORTFOLIO_MESSAGES.uploadTitle} size="xl">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {PORTFOLIO_MESSAGES.uploadIntro}
        </Text>
        <Group align="flex-end" grow>
          <Select
            label={PORTFOLIO_MESSAGES.uploadKind}
            data={KIND_OPTIONS}
            value={kind}
            onChange={(v) => v !== null && setKind(v as ImportKind)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <FileInput
            label={PORTFOLIO_MESSAGES.uploadFile}
            placeholder={PORTFOLIO_MESSAGES.uploadFilePlaceholder}
            accept=".xlsx,.csv"
            value={file}
            onChange={(f) => {
              setFile(f);
              setErrors(null);
              setConflicts(null);
              setResult(null);
              setPending(null);
              setFieldChanges(null);
              setNewSeries([]);
              setUnknownPortfolios(null);
              setNewPortfolios([]);
            }}
            error={fileError}
            clearable
            data-testid="upload-file"
          />
        </Group>
        <Group gap="xs">
          <Text size="sm" fw={500}>
            {PORTFOLIO_MESSAGES.templates}:
          </Text>
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => template.mutate({ kind, format: 'xlsx' })}
          >
            {PORTFOLIO_MESSAGES.templateXlsx}
          </Anchor>
          <Text c="dimmed">·</Text>
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => template.mutate({ kind, format: 'csv' })}
          >
            {PORTFOLIO_MESSAGES.templateCsv}
          </Anchor>
        </Group>
        <NumberFormatSelect />
        {errors !== null && <UploadErrorsTable errors={errors} />}
        {result !== null && (
          <Alert color="teal" variant="light" data-testid="upload-result">
            {PORTFOLIO_MESSAGES.uploaded(result.rowCount, result.inserted, result.updated)}
            {result.replacedSnapshots.length > 0 &&
              ` ${PORTFOLIO_MESSAGES.replacedSnapshots(result.replacedSnapshots.length)}`}
            {result.createdPortfolios.length > 0 &&
              ` ${PORTFOLIO_MESSAGES.createdPortfolios(result.createdPortfolios)}`}
            {result.createdSeries.length > 0 &&
              ` ${PORTFOLIO_MESSAGES.createdSeries(result.createdSeries)}`}
            {result.changes.length + result.fieldChanges.length > 0 &&
              ` ${PORTFOLIO_MESSAGES.changedValues(result.changes.length + result.fieldChanges.length)}`}
            {result.acceptedWarnings > 0 &&
              ` ${PORTFOLIO_MESSAGES.acceptedWarnings(result.acceptedWarnings)}`}
          </Alert>
        )}
        {result !== null && result.cachedFormulaCount > 0 && (
          <Alert color="yellow" variant="light" data-testid="upload-cached-formulas">
            {PORTFOLIO_MESSAGES.cachedFormulas(
              result.cachedFormulaCount,
              result.cachedFormulaCells,
            )}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {PORTFOLIO_MESSAGES.close}
          </Button>
          <Button onClick={() => send(false)} loading={upload.isPending}>
            {PORTFOLIO_MESSAGES.send}
          </Button>
        </Group>
      </Stack>
      {pending !== null && (
        <PriceConfirmDialog
          key={JSON.stringify(pending)}
          confirm={pending}
          busy={upload.isPending}
          onCancel={() => setPending(null)}
          onConfirm={(choices, numberFormat) => {
            const all = [...newSeries, ...choices];
            setNewSeries(all);
            send(pending.changes.length > 0, {
              acceptWarnings: pending.warnings.length > 0 || pending.ambiguousNumbers.length > 0,
              newSeries: all,
              ...(numberFormat === undefined ? {} : { numberFormat }),
            });
          }}
        />
      )}
      {unknownPortfolios !== null && (
        <PortfolioConfirmDialog
          key={JSON.stringify(unknownPortfolios)}
          unknown={unknownPortfolios}
          busy={upload.isPending}
          onCancel={() => setUnknownPortfolios(null)}
          onConfirm={(requests) => {
            const all = [...newPortfolios, ...requests];
            setNewPortfolios(all);
            send(false, undefined, all);
          }}
        />
      )}
      {fieldChanges !== null && (
        <FieldChangesDialog
          changes={fieldChanges}
          busy={upload.isPending}
          onCancel={() => setFieldChanges(null)}
          onConfirm={() => send(true)}
        />
      )}
      <ConfirmDialog
        opened={conflicts !== null}
        title={
          kind === 'cashFlows'
            ? PORTFOLIO_MESSAGES.cashFlowConflictTitle
            : PORTFOLIO_MESSAGES.conflictTitle
        }
        confirmLabel={PORTFOLIO_MESSAGES.confirmReplace}
        cancelLabel={PORTFOLIO_MESSAGES.cancel}
        color="orange"
        busy={upload.isPending}
        onCancel={() => setConflicts(null)}
        onConfirm={() => send(true)}
      >
        <Stack gap="sm">
          <Text size="sm">
            {kind === 'cashFlows'
              ? PORTFOLIO_MESSAGES.cashFlowConflictText
              : PORTFOLIO_MESSAGES.conflictText}
          </Text>
          {kind === 'cashFlows' && (
            <Text size="sm" c="dimmed" data-testid="upload-conflict-detail">
              {conflictDetail}
            </Text>
          )}
          <Table withTableBorder striped fz="sm" data-testid="upload-conflicts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{PORTFOLIO_MESSAGES.conflictPortfolio}</Table.Th>
                <Table.Th>{PORTFOLIO_MESSAGES.conflictDate}</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>
                  {PORTFOLIO_MESSAGES.conflictRows}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(conflicts ?? []).map((c) => (
                <Table.Tr key={`${c.portfolioCode}-${c.portfolioDate}`}>
                  <Table.Td>{c.portfolioCode}</Table.Td>
                  <Table.Td>{formatDate(c.portfolioDate)}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>
                    {formatNumber(c.existingRows, 0)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      </ConfirmDialog>
    </Modal>
  );
}
