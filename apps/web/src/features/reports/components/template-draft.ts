import {
  PLANNED_REPORT_ANALYSIS_TYPES,
  ReportTemplateInputSchema,
  findAnalysisType,
  findRoute,
  knownReportAnalysisTypes,
  type ModuleNumber,
  type ReportSection,
  type ReportTemplate,
  type ReportTemplateInput,
} from '@fonrisk/contracts';
import { REPORT_MESSAGES as M } from '../messages.ts';

/** A section being edited, with a stable key so that moving it keeps its inputs. */
export interface DraftSection {
  readonly uid: number;
  readonly section: ReportSection;
}

/** The template editor's state: the template's fields, sections in order. */
export interface TemplateDraft {
  /** null: not saved yet (a new template or a copy). */
  readonly id: number | null;
  readonly name: string;
  readonly description: string;
  readonly module: ModuleNumber;
  readonly includeMethods: boolean;
  readonly sections: readonly DraftSection[];
}

let nextUid = 1;
export function draftSection(section: ReportSection): DraftSection {
  return { uid: nextUid++, section };
}

export function draftOf(template: ReportTemplate): TemplateDraft {
  return {
    id: template.id,
    name: template.name,
    description: template.description,
    module: template.module as ModuleNumber,
    includeMethods: template.includeMethods,
    sections: template.sections.map(draftSection),
  };
}

/** An editable copy of a template (shipped templates are edited this way). */
export function copyOf(template: ReportTemplate): TemplateDraft {
  return { ...draftOf(template), id: null, name: M.copyName(template.name) };
}

export function newDraft(): TemplateDraft {
  return {
    id: null,
    name: '',
    description: '',
    module: 1,
    includeMethods: true,
    sections: [draftSection({ kind: 'text', title: '', text: '{fonAdi} · {tarih}' })],
  };
}

export function toTemplateInput(draft: TemplateDraft): ReportTemplateInput {
  return {
    name: draft.name,
    description: draft.description,
    module: draft.module,
    includeMethods: draft.includeMethods,
    sections: draft.sections.map((s) => s.section),
  };
}

/** Moves the section at `index` by `by` places (-1 up, +1 down); outside the list nothing moves. */
export function moveSection(
  sections: readonly DraftSection[],
  index: number,
  by: -1 | 1,
): DraftSection[] {
  const target = index + by;
  const out = [...sections];
  if (target < 0 || target >= out.length) return out;
  const [moved] = out.splice(index, 1);
  if (moved !== undefined) out.splice(target, 0, moved);
  return out;
}

export interface TemplateErrors {
  readonly fields: Partial<Record<'name' | 'description' | 'module' | 'sections', string>>;
  /** Messages of one section, by its index. */
  readonly sections: Readonly<Record<number, string>>;
}

/** The contract's own check of the template, its messages placed on the field or the section. */
export function checkTemplate(
  draft: TemplateDraft,
): { ok: true; input: ReportTemplateInput } | { ok: false; errors: TemplateErrors } {
  const input = toTemplateInput(draft);
  const parsed = ReportTemplateInputSchema.safeParse(input);
  if (parsed.success) return { ok: true, input };
  const fields: Record<string, string> = {};
  const sections: Record<number, string> = {};
  for (const issue of parsed.error.issues) {
    const [head, index, ...rest] = issue.path;
    if (head === 'sections' && typeof index === 'number') {
      const where = rest.length > 0 ? `${rest.map(String).join('.')}: ` : '';
      sections[index] ??= `${where}${issue.message}`;
    } else if (typeof head === 'string') {
      fields[head] ??= issue.message;
    }
  }
  return { ok: false, errors: { fields, sections } };
}

/** The analysis types a section may name, with their Turkish titles (planned ones too). */
export function analysisTypeOptions(): { value: string; label: string }[] {
  // A planned type that a module has since registered is listed once.
  return [...new Set(knownReportAnalysisTypes())].map((id) => ({
    value: id,
    label: analysisTypeTitle(id),
  }));
}

export function analysisTypeTitle(id: string): string {
  return findAnalysisType(id)?.title ?? findRoute(id)?.title ?? id;
}

/** A type a template may name but no module computes yet (its section is skipped with a note). */
export function isPlannedType(id: string): boolean {
  return (PLANNED_REPORT_ANALYSIS_TYPES as readonly string[]).includes(id) && !findAnalysisType(id);
}
