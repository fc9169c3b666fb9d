import { useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Center,
  Flex,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useSearchParams } from 'react-router';
import {
  moduleNames,
  templateOffer,
  type CreateReportRequest,
  type ReportTemplate,
} from '@fonrisk/contracts';
import { DateField } from '../../../components/dates/date-field.tsx';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { useCanWrite } from '../../../components/permissions/use-can-write.ts';
import { toastStore } from '../../../lib/toast.ts';
import { useSession } from '../../../lib/use-session.ts';
import { PortfolioMultiSelect } from '../../analysis-runs/components/portfolio-select.tsx';
import { useCreateReport } from '../api/create-report.ts';
import { useReport } from '../api/get-report.ts';
import { useTemplates } from '../api/get-templates.ts';
import { FormPaper } from '../../../components/forms/form-paper.tsx';
import { REPORT_MESSAGES as M } from '../messages.ts';
import { submissionFieldErrors } from '../../../lib/field-errors.ts';
import {
  EMPTY_REPORT_FORM,
  toCreateReportRequest,
  type ReportFormErrors,
  type ReportFormValues,
} from './report-form.ts';
import { ReportStatusCard } from './report-status-card.tsx';

/** Width of the form beside the report's progress from the lg breakpoint up. */
const SIDE_PANEL_WIDTH = 380;

/** The report followed below a form (`?report=<id>` keeps it across reloads). */
export function useFollowedReport(): [number | null, (id: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('report');
  const id = raw !== null && /^\d+$/.test(raw) ? Number(raw) : null;
  const follow = (next: number): void =>
    setParams((p) => {
      const out = new URLSearchParams(p);
      out.set('report', String(next));
      return out;
    });
  return [id, follow];
}

/** A report followed live until it is ready; nothing until one is started. */
export function FollowedReport({ id }: { readonly id: number | null }) {
  const report = useReport(id);
  if (id === null)
    return (
      <Paper withBorder radius="md" p="xl" bg="gray.0">
        <Text c="dimmed" ta="center">
          {M.noReportYet}
        </Text>
      </Paper>
    );
  if (!report.data)
    return (
      <Center py="lg">
        <Loader size="sm" />
      </Center>
    );
  return <ReportStatusCard report={report.data} />;
}

/** Starts a report and follows it beside the form (a toast says it started). */
export function useStartReport(): {
  readonly followed: number | null;
  /** Starts the report; a request refused at submission gives its field errors to `refused`. */
  readonly start: (
    request: CreateReportRequest,
    refused?: (errors: Partial<Record<string, string>>) => void,
  ) => void;
  readonly isPending: boolean;
} {
  const create = useCreateReport();
  const [followed, follow] = useFollowedReport();
  const start = (
    request: CreateReportRequest,
    refused?: (errors: Partial<Record<string, string>>) => void,
  ): void =>
    create.mutate(request, {
      onSuccess: (report) => {
        toastStore.show('info', M.started(report.title));
        follow(report.id);
      },
      onError: (error) => {
        const errors = submissionFieldErrors(error);
        if (errors !== null) refused?.(errors);
      },
    });
  return { followed, start, isPending: create.isPending };
}

/**
 * The frame of the report form pages (reporting, analysis-based-report): the page header, the
 * form on the side (an observer reads why there is none) and the followed report beside it.
 */
export function ReportFormPage({
  path,
  subtitle,
  panelWidth = SIDE_PANEL_WIDTH,
  followed,
  onSubmit,
  children,
}: {
  readonly path: 'reporting' | 'analysis-based-report';
  readonly subtitle: string;
  readonly panelWidth?: number;
  readonly followed: number | null;
  readonly onSubmit: () => void;
  readonly children: ReactNode;
}) {
  const canWrite = useCanWrite();
  return (
    <Stack gap="md">
      <PageHeader path={path} subtitle={subtitle} />
      {!canWrite ? (
        <Alert color="gray">{M.observerNote}</Alert>
      ) : (
        <Flex
          gap="md"
          direction={{ base: 'column', lg: 'row' }}
          align={{ base: 'stretch', lg: 'flex-start' }}
        >
          <Box w={{ base: '100%', lg: panelWidth }} style={{ flexShrink: 0 }}>
            <FormPaper label={M.formTitle} onSubmit={onSubmit}>
              <Text fw={600}>{M.formTitle}</Text>
              {children}
            </FormPaper>
          </Box>
          <Box style={{ flex: 1, minWidth: 0 }}>
            <FollowedReport id={followed} />
          </Box>
        </Flex>
      )}
    </Stack>
  );
}

/**
 * The templates offered to a user with `modules` (issue 21): those of the user's modules, each
 * labelled with the modules whose sections its reports leave out.
 */
export function offeredTemplates(
  templates: readonly ReportTemplate[],
  modules: readonly number[],
): { value: string; label: string }[] {
  return templates.flatMap((t) => {
    const offer = templateOffer(t, modules);
    if (!offer.offered) return [];
    const label =
      offer.omittedModules.length === 0
        ? t.name
        : `${t.name} (${M.withoutModules(moduleNames(offer.omittedModules))})`;
    return [{ value: String(t.id), label }];
  });
}

/** The template select: shipped templates and the users' own, those of the user's modules. */
export function TemplateSelect({
  value,
  onChange,
  error,
  label = M.template,
  clearable = false,
  description,
}: {
  readonly value: string | null;
  readonly onChange: (id: string | null) => void;
  readonly error?: string | undefined;
  readonly label?: string;
  readonly clearable?: boolean;
  readonly description?: string;
}) {
  const templates = useTemplates();
  const session = useSession();
  return (
    <Select
      label={label}
      description={description}
      placeholder={M.templatePlaceholder}
      data={offeredTemplates(templates.data ?? [], session?.modules ?? [])}
      value={value}
      onChange={onChange}
      error={error}
      clearable={clearable}
      searchable
      comboboxProps={{ withinPortal: true }}
      data-testid="template-select"
    />
  );
}

/**
 * reporting: portfolios, a date or a period and a template; "Raporu oluştur" starts the report
 * (the API reuses the finished runs of that date, starts the missing ones), whose progress,
 * downloads and reused runs show beside the form.
 */
export function ReportingPage() {
  const { followed, start, isPending } = useStartReport();
  const [values, setValues] = useState<ReportFormValues>(EMPTY_REPORT_FORM);
  const [errors, setErrors] = useState<ReportFormErrors>({});
  const set = (patch: Partial<ReportFormValues>): void => setValues((v) => ({ ...v, ...patch }));

  const submit = (): void => {
    const checked = toCreateReportRequest(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    start(checked.request, setErrors);
  };

  return (
    <ReportFormPage
      path="reporting"
      subtitle={M.reportingSubtitle}
      followed={followed}
      onSubmit={submit}
    >
      <PortfolioMultiSelect
        label={M.portfolios}
        value={[...values.portfolioCodes]}
        onChange={(portfolioCodes) => set({ portfolioCodes })}
        error={errors.portfolioCodes}
      />
      <TemplateSelect
        value={values.templateId}
        onChange={(templateId) => set({ templateId })}
        error={errors.templateId}
      />
      <SegmentedControl
        aria-label={M.dateMode}
        value={values.dateMode}
        onChange={(mode) => set({ dateMode: mode === 'period' ? 'period' : 'date' })}
        data={[
          { value: 'date', label: M.singleDate },
          { value: 'period', label: M.period },
        ]}
      />
      {values.dateMode === 'date' ? (
        <DateField
          label={M.asOfDate}
          value={values.asOfDate}
          onChange={(asOfDate) => set({ asOfDate })}
          error={errors.asOfDate}
        />
      ) : (
        <>
          <DateField
            label={M.fromDate}
            value={values.fromDate}
            onChange={(fromDate) => set({ fromDate })}
            error={errors.fromDate}
          />
          <DateField
            label={M.toDate}
            value={values.toDate}
            onChange={(toDate) => set({ toDate })}
            error={errors.toDate}
          />
        </>
      )}
      <TextInput
        label={M.reportTitle}
        description={M.reportTitleHelp}
        value={values.title}
        onChange={(e) => set({ title: e.currentTarget.value })}
        error={errors.title}
      />
      <Button type="submit" loading={isPending}>
        {M.generate}
      </Button>
    </ReportFormPage>
  );
}
