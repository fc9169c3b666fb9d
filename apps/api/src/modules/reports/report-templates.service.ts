import {
  findAnalysisType,
  type ReportTemplate,
  type ReportTemplateValues,
  type TokenClaims,
} from '@fonrisk/contracts';
import {
  analysisRuns,
  and,
  desc,
  eq,
  isUniqueViolation,
  portfolios,
  reportSchedules,
  reportTemplates,
  sql,
  type Database,
  type Executor,
} from '@fonrisk/db';
import { recordAudit } from '../audit/audit.repository.ts';
import { loadBranding } from './pdf-settings.service.ts';
import { fillPlaceholders, formatDateTime, formatIsoDate } from './render/format.ts';
import { renderReportPdf } from './render/pdf.ts';
import { chaptersOf, type RenderedSection, type ReportDocument } from './render/report-document.ts';
import { limitBreachSections } from './limit-breach-sections.ts';
import { analysisSection } from './report-sections.ts';
import { MethodTexts } from './report-methods.ts';
import {
  ShippedTemplateError,
  TemplateInUseError,
  TemplateNameTakenError,
  TemplateNotFoundError,
} from './reports.errors.ts';
import { findTemplateRow, listTemplateRows, toTemplate } from './reports.repository.ts';
import { SHIPPED_TEMPLATES } from './shipped-templates.ts';
import { istanbulToday } from '../../connectors/dates.ts';

/** The demo fund previews are drawn on (the equity fund of the demo examples). */
export const PREVIEW_FUND = 'DHS';

/** Adds the shipped templates that are missing (never overwrites a user's edits). */
export async function ensureShippedTemplates(ex: Executor): Promise<void> {
  for (const t of SHIPPED_TEMPLATES) {
    await ex
      .insert(reportTemplates)
      .values({
        key: t.key,
        name: t.name,
        description: t.description,
        module: t.module,
        sections: t.sections,
        includeMethods: t.includeMethods,
      })
      .onConflictDoNothing();
  }
}

export type ReportTemplatesService = ReturnType<typeof createReportTemplatesService>;

export function createReportTemplatesService(db: Database) {
  // The shipped templates are added on first use (building the server needs no database).
  let ensured: Promise<void> | null = null;
  const ready = () =>
    (ensured ??= ensureShippedTemplates(db).catch((error: unknown) => {
      ensured = null;
      throw error;
    }));

  async function mustFind(id: number) {
    const row = await findTemplateRow(db, id);
    if (!row) throw new TemplateNotFoundError();
    return row;
  }

  async function save<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw new TemplateNameTakenError();
      throw error;
    }
  }

  return {
    async list(): Promise<ReportTemplate[]> {
      await ready();
      return (await listTemplateRows(db)).map(toTemplate);
    },
    async get(id: number): Promise<ReportTemplate> {
      await ready();
      return toTemplate(await mustFind(id));
    },
    async create(user: TokenClaims, values: ReportTemplateValues): Promise<ReportTemplate> {
      return save(() =>
        db.transaction(async (tx) => {
          const [row] = await tx
            .insert(reportTemplates)
            .values({ ...values, createdBy: user.userId })
            .returning();
          await recordAudit(tx, {
            actor: { userId: user.userId },
            action: 'report-template.create',
            entity: 'report-template',
            entityId: String(row!.id),
            after: values,
          });
          return toTemplate(row!);
        }),
      );
    },
    async update(
      user: TokenClaims,
      id: number,
      values: ReportTemplateValues,
    ): Promise<ReportTemplate> {
      const before = await mustFind(id);
      return save(() =>
        db.transaction(async (tx) => {
          const [row] = await tx
            .update(reportTemplates)
            .set({ ...values, updatedAt: sql`now()` })
            .where(eq(reportTemplates.id, id))
            .returning();
          await recordAudit(tx, {
            actor: { userId: user.userId },
            action: 'report-template.update',
            entity: 'report-template',
            entityId: String(id),
            before: toTemplate(before),
            after: values,
          });
          return toTemplate(row!);
        }),
      );
    },
    async remove(user: TokenClaims, id: number): Promise<void> {
      const row = await mustFind(id);
      if (row.key !== null) throw new ShippedTemplateError();
      const [used] = await db
        .select({ id: reportSchedules.id })
        .from(reportSchedules)
        .where(eq(reportSchedules.templateId, id))
        .limit(1);
      if (used) throw new TemplateInUseError();
      await db.transaction(async (tx) => {
        await tx.delete(reportTemplates).where(eq(reportTemplates.id, id));
        await recordAudit(tx, {
          actor: { userId: user.userId },
          action: 'report-template.delete',
          entity: 'report-template',
          entityId: String(id),
          before: toTemplate(row),
        });
      });
    },

    /**
     * The template (saved or not) rendered on the demo fund with the latest finished analysis of
     * each section's type; a type without one gets a note (a preview never starts analyses).
     */
    async preview(user: TokenClaims, values: ReportTemplateValues): Promise<Buffer> {
      const branding = await loadBranding(db);
      const [fund] = await db
        .select({ code: portfolios.code, name: portfolios.name })
        .from(portfolios)
        .where(eq(portfolios.code, PREVIEW_FUND));
      const code = fund?.code ?? PREVIEW_FUND;
      const name = fund?.name ?? PREVIEW_FUND;
      const sections: RenderedSection[] = [];
      const methods = new MethodTexts();
      let lastDate: string | null = null;
      for (const section of values.sections) {
        if (section.kind === 'analysis') {
          const type = findAnalysisType(section.analysisType);
          const title = section.title ?? type?.title ?? section.analysisType;
          if (!type) {
            sections.push({
              kind: 'note',
              title,
              note: `Bu bölümün analiz türü (${section.analysisType}) henüz sistemde tanımlı değil; rapor bu bölümü atlayıp not düşer.`,
            });
            continue;
          }
          const [run] = await db
            .select()
            .from(analysisRuns)
            .where(
              and(
                eq(analysisRuns.analysisType, type.id),
                eq(analysisRuns.status, 'done'),
                sql`${code} = any(${analysisRuns.portfolioCodes})`,
              ),
            )
            .orderBy(desc(analysisRuns.finishedAt))
            .limit(1);
          if (!run) {
            sections.push({
              kind: 'note',
              title,
              note: `Önizleme: ${code} için tamamlanmış ${type.title} yok; raporda bu analiz hesaplanır.`,
            });
            continue;
          }
          lastDate ??= run.asOfDate ?? run.toDate;
          sections.push(analysisSection(title, section, run, true));
          methods.add(run);
        } else if (section.kind === 'text') {
          const fill = (t: string) =>
            fillPlaceholders(t, {
              fonAdi: name,
              fonKodu: code,
              tarih: lastDate ? formatIsoDate(lastDate) : 'örnek tarih',
              sirketAdi: branding.settings.companyName,
              kullanici: user.fullName,
              olusturmaZamani: formatDateTime(new Date()),
              donemBaslangic: '',
              donemBitis: '',
            });
          sections.push({
            kind: 'text',
            title: section.title ? fill(section.title) : null,
            text: fill(section.text),
          });
        } else if (section.kind === 'pageBreak') {
          sections.push({ kind: 'pageBreak' });
        } else {
          sections.push(
            ...(await limitBreachSections(db, section.title ?? 'Limit Aşımları', code, {
              asOfDate: lastDate ?? istanbulToday(Date.now()),
              fromDate: null,
              toDate: null,
            })),
          );
        }
      }
      const doc: ReportDocument = {
        title: `${values.name} (önizleme)`,
        templateName: values.name,
        funds: [`${code} — ${name}`],
        periodLabel: lastDate ? formatIsoDate(lastDate) : '–',
        generatedAt: new Date(),
        generatedBy: user.fullName,
        demo: true,
        chapters: chaptersOf([{ heading: `${code} — ${name}`, sections }]),
        methods: values.includeMethods ? methods.texts() : [],
      };
      return (await renderReportPdf(doc, branding)).data;
    },
  };
}
