import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  MultiSelect,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import {
  REPORT_PLACEHOLDERS,
  type AnalysisSection,
  type ReportSection,
  type TextSection,
} from '@fonrisk/contracts';
import { REPORT_MESSAGES as M } from '../messages.ts';
import { useResultParts, withChosen } from './result-parts.ts';
import { analysisTypeOptions, isPlannedType } from './template-draft.ts';

const KIND_LABELS: Readonly<Record<ReportSection['kind'], string>> = {
  analysis: M.sectionAnalysis,
  text: M.sectionText,
  pageBreak: M.sectionPageBreak,
  limitBreaches: M.sectionBreaches,
};

interface Props {
  readonly index: number;
  readonly count: number;
  readonly section: ReportSection;
  readonly readOnly: boolean;
  readonly error: string | undefined;
  readonly onChange: (section: ReportSection) => void;
  readonly onMove: (by: -1 | 1) => void;
  readonly onRemove: () => void;
}

/** One section of a template: its kind, its fields, and move up / down / remove. */
export function SectionEditor({
  index,
  count,
  section,
  readOnly,
  error,
  onChange,
  onMove,
  onRemove,
}: Props) {
  return (
    <Paper withBorder p="sm" radius="md" data-testid="template-section" data-kind={section.kind}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600} size="sm">
            {M.sectionNumber(index + 1, KIND_LABELS[section.kind])}
          </Text>
          {!readOnly && (
            <Group gap={4}>
              <ActionIcon
                variant="subtle"
                aria-label={M.moveUp}
                title={M.moveUp}
                disabled={index === 0}
                onClick={() => onMove(-1)}
              >
                ↑
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                aria-label={M.moveDown}
                title={M.moveDown}
                disabled={index === count - 1}
                onClick={() => onMove(1)}
              >
                ↓
              </ActionIcon>
              <Button size="compact-xs" variant="subtle" color="red" onClick={onRemove}>
                {M.removeSection}
              </Button>
            </Group>
          )}
        </Group>
        {section.kind === 'analysis' && (
          <AnalysisFields section={section} readOnly={readOnly} onChange={onChange} />
        )}
        {section.kind === 'text' && (
          <TextFields section={section} readOnly={readOnly} onChange={onChange} />
        )}
        {section.kind === 'limitBreaches' && (
          <TextInput
            label={M.sectionTitle}
            value={section.title ?? ''}
            readOnly={readOnly}
            onChange={(e) => onChange({ ...section, title: e.currentTarget.value })}
          />
        )}
        {error !== undefined && (
          <Alert color="red" p="xs" role="alert">
            {error}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

function AnalysisFields({
  section,
  readOnly,
  onChange,
}: {
  section: AnalysisSection;
  readOnly: boolean;
  onChange: (section: ReportSection) => void;
}) {
  const parts = useResultParts(section.analysisType);
  const chosenTables = section.tables ?? [];
  const chosenCharts = section.charts ?? [];
  return (
    <>
      <Group grow align="flex-start">
        <Select
          label={M.analysisType}
          data={analysisTypeOptions()}
          value={section.analysisType}
          readOnly={readOnly}
          allowDeselect={false}
          onChange={(analysisType) =>
            analysisType !== null &&
            onChange({
              kind: 'analysis',
              analysisType,
              ...(section.title ? { title: section.title } : {}),
            })
          }
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label={M.sectionTitle}
          value={section.title ?? ''}
          readOnly={readOnly}
          onChange={(e) => onChange({ ...section, title: e.currentTarget.value })}
        />
      </Group>
      {isPlannedType(section.analysisType) ? (
        <Badge color="orange" variant="light">
          {M.plannedType}
        </Badge>
      ) : (
        <>
          <Group grow align="flex-start">
            <MultiSelect
              label={M.sectionTables}
              placeholder={chosenTables.length === 0 ? M.allTables : undefined}
              data={withChosen(parts.tables, chosenTables)}
              value={chosenTables}
              readOnly={readOnly}
              onChange={(tables) => {
                const next: AnalysisSection = { ...section, tables };
                // None chosen: the section prints all of them (the field is left out).
                if (tables.length === 0) delete next.tables;
                onChange(next);
              }}
              clearable
              comboboxProps={{ withinPortal: true }}
            />
            <MultiSelect
              label={M.sectionCharts}
              placeholder={chosenCharts.length === 0 ? M.allCharts : undefined}
              data={withChosen(parts.charts, chosenCharts)}
              value={chosenCharts}
              readOnly={readOnly}
              onChange={(charts) => {
                const next: AnalysisSection = { ...section, charts };
                // None chosen: the section prints all of them (the field is left out).
                if (charts.length === 0) delete next.charts;
                onChange(next);
              }}
              clearable
              comboboxProps={{ withinPortal: true }}
            />
          </Group>
          {!readOnly && (
            <Text size="xs" c="dimmed">
              {M.noItemsHint}
            </Text>
          )}
        </>
      )}
    </>
  );
}

function TextFields({
  section,
  readOnly,
  onChange,
}: {
  section: TextSection;
  readOnly: boolean;
  onChange: (section: ReportSection) => void;
}) {
  return (
    <>
      <TextInput
        label={M.sectionTitle}
        value={section.title ?? ''}
        readOnly={readOnly}
        onChange={(e) => onChange({ ...section, title: e.currentTarget.value })}
      />
      <Textarea
        label={M.sectionTextBody}
        value={section.text}
        readOnly={readOnly}
        autosize
        minRows={3}
        onChange={(e) => onChange({ ...section, text: e.currentTarget.value })}
      />
      {!readOnly && (
        <Group gap={4}>
          <Text size="xs" c="dimmed">
            {M.placeholdersHelp}
          </Text>
          {Object.entries(REPORT_PLACEHOLDERS).map(([key, meaning]) => (
            <Button
              key={key}
              size="compact-xs"
              variant="default"
              title={meaning}
              onClick={() => onChange({ ...section, text: `${section.text}{${key}}` })}
            >
              {`{${key}}`}
            </Button>
          ))}
        </Group>
      )}
    </>
  );
}
