import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  ColorInput,
  FileInput,
  Flex,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  PAGE_ORIENTATION_LABELS,
  PAGE_SIZES,
  LOGO_TYPE_LABELS,
  PAGE_SIZE_LABELS,
  PDF_FONTS,
  PdfSettingsInputSchema,
  USER_ADMIN_ROLES,
  type PageOrientation,
  type PageSize,
  type PdfFont,
  type PdfSettings,
  type PdfSettingsInput,
} from '@fonrisk/contracts';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { fieldErrors } from '../../../lib/field-errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useSession } from '../../../lib/use-session.ts';
import { toastStore } from '../../../lib/toast.ts';
import { useDeleteLogo } from '../api/delete-logo.ts';
import { usePdfSettings } from '../api/get-pdf-settings.ts';
import { usePreviewPdfSettings } from '../api/preview-pdf-settings.ts';
import { useSavePdfSettings } from '../api/save-pdf-settings.ts';
import { useUploadLogo } from '../api/upload-logo.ts';
import { FormPaper } from '../../../components/forms/form-paper.tsx';
import { REPORT_MESSAGES as M } from '../messages.ts';
import { LOGO_TYPES, MAX_LOGO_KB, checkLogo, refusalOf } from './logo-check.ts';
import { PdfPreview } from './pdf-preview.tsx';

type Field = keyof PdfSettingsInput;

export function settingsInput(s: PdfSettings): PdfSettingsInput {
  return {
    companyName: s.companyName,
    primaryColor: s.primaryColor,
    accentColor: s.accentColor,
    textColor: s.textColor,
    font: s.font,
    headerText: s.headerText,
    footerText: s.footerText,
    pageSize: s.pageSize,
    orientation: s.orientation,
  };
}

/** pdf-settings: the loaded settings in a form (the form appears once they are read). */
export function PdfSettingsPage() {
  const settings = usePdfSettings();
  return (
    <Stack gap="md">
      <PageHeader path="pdf-settings" subtitle={M.pdfSubtitle} />
      {settings.isError && <Alert color="gray">{M.pdfSettingsUnavailable}</Alert>}
      {settings.data !== undefined && <PdfSettingsForm settings={settings.data} />}
    </Stack>
  );
}

function LogoPanel({ settings, canWrite }: { settings: PdfSettings; canWrite: boolean }) {
  const upload = useUploadLogo();
  const remove = useDeleteLogo();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const logo = settings.logo;

  const choose = (next: File | null): void => {
    setFile(next);
    setError(next === null ? null : checkLogo(next));
  };
  const send = (): void => {
    if (file === null || error !== null) return;
    upload.mutate(file, {
      onSuccess: () => {
        toastStore.show('success', M.logoUploaded);
        setFile(null);
      },
      onError: (e) => setError(refusalOf(e)),
    });
  };

  return (
    <Paper withBorder p="sm" radius="md" data-testid="logo-panel">
      <Stack gap="xs">
        <Text fw={600}>{M.logo}</Text>
        <Text size="sm" data-testid="logo-current">
          {logo === null
            ? M.logoNone
            : M.logoCurrent(
                LOGO_TYPE_LABELS[logo.mimeType],
                M.fileSize(logo.sizeBytes),
                formatDateTime(logo.uploadedAt),
              )}
        </Text>
        {canWrite && (
          <>
            <Group align="flex-end" gap="sm">
              <FileInput
                label={M.logoChoose}
                description={M.logoHelp(MAX_LOGO_KB)}
                accept={LOGO_TYPES.join(',')}
                value={file}
                onChange={choose}
                clearable
                error={error}
                w={320}
              />
              <Button
                onClick={send}
                disabled={file === null || error !== null}
                loading={upload.isPending}
              >
                {M.logoUpload}
              </Button>
              {logo !== null && (
                <Button
                  variant="subtle"
                  color="red"
                  loading={remove.isPending}
                  onClick={() =>
                    remove.mutate(undefined, {
                      onSuccess: () => toastStore.show('success', M.logoRemoved),
                    })
                  }
                >
                  {M.logoRemove}
                </Button>
              )}
            </Group>
            {file !== null && error === null && (
              <Text size="xs" c="dimmed" data-testid="logo-selected">
                {M.selectedFile(file.name, M.fileSize(file.size))}
              </Text>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The branding of generated PDFs: logo upload (PNG/SVG, size shown and checked, the API's Turkish
 * refusal shown), company name, colours, font, header and footer, page size and orientation, and
 * a one-page preview of the values as they stand (unsaved ones too).
 */
export function PdfSettingsForm({ settings }: { readonly settings: PdfSettings }) {
  // The company's branding is an Admin setting (the API's rule); everyone may preview it.
  const session = useSession();
  const canWrite =
    session !== null && (USER_ADMIN_ROLES as readonly string[]).includes(session.role);
  const save = useSavePdfSettings();
  const preview = usePreviewPdfSettings();
  const [values, setValues] = useState<PdfSettingsInput>(() => settingsInput(settings));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const set = (patch: Partial<PdfSettingsInput>): void => setValues((v) => ({ ...v, ...patch }));

  const checked = (): PdfSettingsInput | null => {
    const parsed = PdfSettingsInputSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error.issues));
      return null;
    }
    setErrors({});
    return parsed.data;
  };
  const submit = (): void => {
    const input = checked();
    if (input === null) return;
    save.mutate(input, { onSuccess: () => toastStore.show('success', M.settingsSaved) });
  };
  const runPreview = (): void => {
    const input = checked();
    if (input !== null) preview.mutate(input);
  };

  return (
    <Flex gap="md" direction={{ base: 'column', xl: 'row' }} align="flex-start">
      <Stack gap="md" style={{ flex: 1, minWidth: 0 }} w="100%">
        {!canWrite && <Alert color="gray">{M.brandingAdminOnly}</Alert>}
        <LogoPanel settings={settings} canWrite={canWrite} />
        <FormPaper label={M.pdfSubtitle} onSubmit={submit}>
          <TextInput
            label={M.companyName}
            value={values.companyName}
            readOnly={!canWrite}
            onChange={(e) => set({ companyName: e.currentTarget.value })}
            error={errors.companyName}
          />
          <Group grow align="flex-start">
            <ColorInput
              label={M.primaryColor}
              format="hex"
              value={values.primaryColor}
              readOnly={!canWrite}
              onChange={(primaryColor) => set({ primaryColor: primaryColor.toUpperCase() })}
              error={errors.primaryColor}
            />
            <ColorInput
              label={M.accentColor}
              format="hex"
              value={values.accentColor}
              readOnly={!canWrite}
              onChange={(accentColor) => set({ accentColor: accentColor.toUpperCase() })}
              error={errors.accentColor}
            />
            <ColorInput
              label={M.textColor}
              format="hex"
              value={values.textColor}
              readOnly={!canWrite}
              onChange={(textColor) => set({ textColor: textColor.toUpperCase() })}
              error={errors.textColor}
            />
          </Group>
          <Select
            label={M.font}
            data={[...PDF_FONTS]}
            value={values.font}
            readOnly={!canWrite}
            allowDeselect={false}
            onChange={(font) => font !== null && set({ font: font as PdfFont })}
            error={errors.font}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label={M.headerText}
            value={values.headerText}
            readOnly={!canWrite}
            onChange={(e) => set({ headerText: e.currentTarget.value })}
            error={errors.headerText}
          />
          <TextInput
            label={M.footerText}
            value={values.footerText}
            readOnly={!canWrite}
            onChange={(e) => set({ footerText: e.currentTarget.value })}
            error={errors.footerText}
          />
          <Group grow align="flex-start">
            <Select
              label={M.pageSize}
              data={PAGE_SIZES.map((s) => ({ value: s, label: PAGE_SIZE_LABELS[s] }))}
              value={values.pageSize}
              readOnly={!canWrite}
              allowDeselect={false}
              onChange={(size) => size !== null && set({ pageSize: size as PageSize })}
              error={errors.pageSize}
              comboboxProps={{ withinPortal: true }}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {M.orientation}
              </Text>
              <SegmentedControl
                aria-label={M.orientation}
                value={values.orientation}
                readOnly={!canWrite}
                onChange={(o) => set({ orientation: o as PageOrientation })}
                data={Object.entries(PAGE_ORIENTATION_LABELS).map(([value, label]) => ({
                  value,
                  label,
                }))}
              />
            </Stack>
          </Group>
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              {M.previewUnsaved}
            </Text>
            <Group gap="sm">
              <Button variant="default" onClick={runPreview} loading={preview.isPending}>
                {M.onePagePreview}
              </Button>
              {canWrite && (
                <Button type="submit" loading={save.isPending}>
                  {M.save}
                </Button>
              )}
            </Group>
          </Group>
        </FormPaper>
      </Stack>
      <Box w={{ base: '100%', xl: 520 }} style={{ flexShrink: 0 }}>
        <Text fw={600} mb={4}>
          {M.onePagePreview}
        </Text>
        <PdfPreview
          blob={preview.data?.blob ?? null}
          pending={preview.isPending}
          failed={preview.isError}
          title={M.onePagePreview}
          hint={M.brandingPreviewHint}
        />
      </Box>
    </Flex>
  );
}
