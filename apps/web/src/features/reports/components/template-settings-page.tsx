import { useEffect, useState } from 'react';
import {
  Alert,
  Badge,
  Box,
  Button,
  Checkbox,
  Flex,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { MODULES, MODULE_LABELS, type ModuleNumber, type ReportTemplate } from '@fonrisk/contracts';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { useCanWrite } from '../../../components/permissions/use-can-write.ts';
import { DeleteDialog } from '../../../components/ui/delete-dialog.tsx';
import { RecordTable } from '../../../components/ui/record-table.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { toastStore } from '../../../lib/toast.ts';
import { useDeleteTemplate } from '../api/delete-template.ts';
import { useTemplates } from '../api/get-templates.ts';
import { usePreviewTemplate } from '../api/preview-template.ts';
import { useSaveTemplate } from '../api/save-template.ts';
import { FormPaper } from '../../../components/forms/form-paper.tsx';
import { REPORT_MESSAGES as M } from '../messages.ts';
import { PdfPreview } from './pdf-preview.tsx';
import { SectionEditor } from './section-editor.tsx';
import {
  checkTemplate,
  copyOf,
  draftOf,
  draftSection,
  moveSection,
  newDraft,
  type TemplateDraft,
  type TemplateErrors,
} from './template-draft.ts';

const NO_ERRORS: TemplateErrors = { fields: {}, sections: {} };

/**
 * template-settings: the templates (shipped ones read-only, copied to edit), the editor of one
 * (fields, sections added, removed and reordered) and its PDF preview on a demo fund, rendered by
 * the API from the template as it stands (unsaved changes included).
 */
export function TemplateSettingsPage() {
  const templates = useTemplates();
  const save = useSaveTemplate();
  const remove = useDeleteTemplate();
  const preview = usePreviewTemplate();
  const canWrite = useCanWrite();
  const [draft, setDraft] = useState<TemplateDraft | null>(null);
  const [readOnly, setReadOnly] = useState(false);
  const [errors, setErrors] = useState<TemplateErrors>(NO_ERRORS);
  const [deleting, setDeleting] = useState<ReportTemplate | null>(null);
  // Each opening previews once by itself; later previews are asked for with "Önizle".
  const [opened, setOpened] = useState(0);
  const { mutate: previewMutate, reset: previewReset } = preview;

  const open = (next: TemplateDraft, asReadOnly: boolean): void => {
    setDraft(next);
    setReadOnly(asReadOnly);
    setErrors(NO_ERRORS);
    previewReset();
    setOpened((n) => n + 1);
  };

  useEffect(() => {
    if (opened === 0 || draft === null) return;
    const checked = checkTemplate(draft);
    if (checked.ok) previewMutate(checked.input);
    // Only a new opening previews by itself, not every edit (the draft is read, not watched).
  }, [opened]);

  const update = (patch: Partial<TemplateDraft>): void =>
    setDraft((d) => (d === null ? d : { ...d, ...patch }));

  const check = (): ReturnType<typeof checkTemplate> | null => {
    if (draft === null) return null;
    const checked = checkTemplate(draft);
    setErrors(checked.ok ? NO_ERRORS : checked.errors);
    return checked;
  };

  const submit = (): void => {
    const checked = check();
    if (checked === null || !checked.ok || draft === null) return;
    save.mutate(
      { id: draft.id, request: checked.input },
      {
        onSuccess: (saved) => {
          toastStore.show('success', M.templateSaved(saved.name));
          setDraft(draftOf(saved));
        },
      },
    );
  };

  const runPreview = (): void => {
    const checked = check();
    if (checked?.ok) preview.mutate(checked.input);
  };

  const sections = draft?.sections ?? [];
  return (
    <Stack gap="md">
      <PageHeader
        path="template-settings"
        subtitle={M.templatesSubtitle}
        actions={
          canWrite && <Button onClick={() => open(newDraft(), false)}>{M.newTemplate}</Button>
        }
      />
      {templates.isError && <Alert color="gray">{M.templatesUnavailable}</Alert>}
      <Paper withBorder p="sm" radius="md">
        <Title order={4} mb={4}>
          {M.templatesTitle}
        </Title>
        {templates.data !== undefined && (
          <RecordTable
            rows={templates.data}
            rowKey={(t) => String(t.id)}
            selectedKey={draft?.id == null ? null : String(draft.id)}
            testId="template-table"
            columns={[
              {
                header: M.templateName,
                strong: true,
                cell: (t) => (
                  <Group gap={6} wrap="nowrap">
                    <span>{t.name}</span>
                    {t.shipped && (
                      <Badge size="xs" variant="light">
                        {M.shippedBadge}
                      </Badge>
                    )}
                  </Group>
                ),
              },
              { header: M.templateDescription, cell: (t) => t.description },
              {
                header: M.templateModule,
                cell: (t) => MODULE_LABELS[t.module as ModuleNumber],
              },
              { header: M.sectionsTitle, cell: (t) => String(t.sections.length) },
              { header: M.colUpdatedAt, cell: (t) => formatDateTime(t.updatedAt), nowrap: true },
            ]}
            actions={(t) => [
              {
                label: t.shipped || !canWrite ? M.openTemplate : M.edit,
                tone: 'primary',
                onClick: () => open(draftOf(t), t.shipped || !canWrite),
              },
              {
                label: M.copyTemplate,
                hidden: !canWrite,
                onClick: () => open(copyOf(t), false),
              },
              {
                label: M.delete,
                tone: 'danger',
                hidden: t.shipped || !canWrite,
                onClick: () => setDeleting(t),
              },
            ]}
          />
        )}
      </Paper>
      {draft === null ? (
        <Text c="dimmed" size="sm">
          {M.chooseTemplateToEdit}
        </Text>
      ) : (
        <Flex gap="md" direction={{ base: 'column', xl: 'row' }} align="flex-start">
          <Box style={{ flex: 1, minWidth: 0 }} w="100%">
            <FormPaper label={M.templateName} onSubmit={submit}>
              {readOnly && <Alert color="blue">{M.readOnlyNote}</Alert>}
              <TextInput
                label={M.templateName}
                value={draft.name}
                readOnly={readOnly}
                onChange={(e) => update({ name: e.currentTarget.value })}
                error={errors.fields.name}
              />
              <Textarea
                label={M.templateDescription}
                value={draft.description}
                readOnly={readOnly}
                autosize
                minRows={2}
                onChange={(e) => update({ description: e.currentTarget.value })}
                error={errors.fields.description}
              />
              <Group grow align="flex-end">
                <Select
                  label={M.templateModule}
                  data={MODULES.map((m) => ({ value: String(m), label: MODULE_LABELS[m] }))}
                  value={String(draft.module)}
                  readOnly={readOnly}
                  allowDeselect={false}
                  onChange={(m) => m !== null && update({ module: Number(m) as ModuleNumber })}
                  error={errors.fields.module}
                  comboboxProps={{ withinPortal: true }}
                />
                <Checkbox
                  label={M.includeMethods}
                  checked={draft.includeMethods}
                  disabled={readOnly}
                  onChange={(e) => update({ includeMethods: e.currentTarget.checked })}
                />
              </Group>
              <Text fw={600}>{M.sectionsTitle}</Text>
              {errors.fields.sections !== undefined && (
                <Alert color="red" p="xs" role="alert">
                  {errors.fields.sections}
                </Alert>
              )}
              {sections.map((s, index) => (
                <SectionEditor
                  key={s.uid}
                  index={index}
                  count={sections.length}
                  section={s.section}
                  readOnly={readOnly}
                  error={errors.sections[index]}
                  onChange={(section) =>
                    update({
                      sections: sections.map((x) => (x.uid === s.uid ? { ...x, section } : x)),
                    })
                  }
                  onMove={(by) => update({ sections: moveSection(sections, index, by) })}
                  onRemove={() => update({ sections: sections.filter((x) => x.uid !== s.uid) })}
                />
              ))}
              {!readOnly && (
                <Group gap="xs" data-testid="add-section">
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() =>
                      update({
                        sections: [
                          ...sections,
                          draftSection({ kind: 'analysis', analysisType: 'var' }),
                        ],
                      })
                    }
                  >
                    {`+ ${M.addAnalysis}`}
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() =>
                      update({
                        sections: [
                          ...sections,
                          draftSection({ kind: 'text', title: '', text: '' }),
                        ],
                      })
                    }
                  >
                    {`+ ${M.addText}`}
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() =>
                      update({ sections: [...sections, draftSection({ kind: 'pageBreak' })] })
                    }
                  >
                    {`+ ${M.addPageBreak}`}
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() =>
                      update({ sections: [...sections, draftSection({ kind: 'limitBreaches' })] })
                    }
                  >
                    {`+ ${M.addBreaches}`}
                  </Button>
                </Group>
              )}
              <Group justify="flex-end">
                <Button variant="default" onClick={runPreview} loading={preview.isPending}>
                  {M.preview}
                </Button>
                {!readOnly && (
                  <Button type="submit" loading={save.isPending}>
                    {M.save}
                  </Button>
                )}
              </Group>
            </FormPaper>
          </Box>
          <Box w={{ base: '100%', xl: 560 }} style={{ flexShrink: 0 }}>
            <Text fw={600} mb={4}>
              {M.previewTitle}
            </Text>
            <PdfPreview
              blob={preview.data?.blob ?? null}
              pending={preview.isPending}
              failed={preview.isError}
              title={M.previewTitle}
            />
          </Box>
        </Flex>
      )}
      <DeleteDialog
        target={deleting}
        label={(t) => t.name}
        argument={(t) => t.id}
        remove={remove}
        messages={{
          delete: M.delete,
          cancel: M.cancel,
          deleteTitle: M.templateDeleteTitle,
          deleteText: M.templateDeleteText,
          deleted: M.templateDeleted,
        }}
        onClose={() => setDeleting(null)}
        onDeleted={() => setDraft((d) => (d?.id === deleting?.id ? null : d))}
      />
    </Stack>
  );
}
