import {
  MAX_LOGO_BYTES,
  PDF_SETTINGS_DEFAULTS,
  PdfSettingsInputSchema,
  type PdfSettings,
  type LogoMimeType,
  type PdfSettingsInput,
  type TokenClaims,
} from '@fonrisk/contracts';
import { eq, pdfSettings, sql, type Database, type Executor } from '@fonrisk/db';
import { recordAudit } from '../audit/audit.repository.ts';
import { LogoRejectedError } from './reports.errors.ts';
import { chaptersOf, type Branding, type ReportDocument } from './render/report-document.ts';
import { renderReportPdf } from './render/pdf.ts';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** JPEG: start-of-image marker followed by the next marker's 0xFF (JFIF, Exif or raw). */
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);

/**
 * What an uploaded logo really is, from its bytes (never its name or declared type): PNG by its
 * signature, SVG by an `<svg` root in UTF-8 text without scripts or external references.
 */
export function sniffLogo(data: Buffer): LogoMimeType {
  if (data.length === 0) throw new LogoRejectedError('Logo dosyası boş.');
  if (data.length > MAX_LOGO_BYTES) {
    throw new LogoRejectedError(
      `Logo en fazla ${String(MAX_LOGO_BYTES / 1024)} KB olabilir; yüklenen dosya ${String(Math.ceil(data.length / 1024))} KB.`,
    );
  }
  if (data.subarray(0, 8).equals(PNG_MAGIC)) return 'image/png';
  if (data.subarray(0, 3).equals(JPEG_MAGIC)) return 'image/jpeg';
  const text = data
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  const head = text.slice(0, 2000).toLowerCase();
  if (
    (head.startsWith('<?xml') || head.startsWith('<svg') || head.startsWith('<!--')) &&
    head.includes('<svg')
  ) {
    const lower = text.toLowerCase();
    if (
      lower.includes('<script') ||
      lower.includes('javascript:') ||
      /\s(xlink:)?href\s*=\s*["'](?!#)/.test(lower)
    ) {
      throw new LogoRejectedError('SVG logo betik veya dış bağlantı içeremez.');
    }
    return 'image/svg+xml';
  }
  throw new LogoRejectedError(
    'Logo PNG, JPEG veya SVG biçiminde bir resim olmalı; yüklenen dosya resim değil.',
  );
}

const SETTINGS_ID = 1;

async function readRow(ex: Executor) {
  const [row] = await ex.select().from(pdfSettings).where(eq(pdfSettings.id, SETTINGS_ID));
  return row ?? null;
}

/** Stored values over the defaults (a field added later takes its default). */
function valuesOf(stored: Record<string, unknown> | undefined): PdfSettingsInput {
  const merged = { ...PDF_SETTINGS_DEFAULTS, ...stored };
  const parsed = PdfSettingsInputSchema.safeParse(merged);
  return parsed.success ? parsed.data : { ...PDF_SETTINGS_DEFAULTS };
}

/** The branding every render uses: the saved settings and logo. */
export async function loadBranding(ex: Executor): Promise<Branding> {
  const row = await readRow(ex);
  return {
    settings: valuesOf(row?.values),
    logo:
      row?.logo && row.logoMimeType
        ? { mimeType: row.logoMimeType as LogoMimeType, data: row.logo }
        : null,
  };
}

export type PdfSettingsService = ReturnType<typeof createPdfSettingsService>;

export function createPdfSettingsService(db: Database) {
  async function get(): Promise<PdfSettings> {
    const row = await readRow(db);
    return {
      ...valuesOf(row?.values),
      logo:
        row?.logo && row.logoMimeType && row.logoUploadedAt
          ? {
              mimeType: row.logoMimeType as LogoMimeType,
              sizeBytes: row.logo.length,
              uploadedAt: row.logoUploadedAt.toISOString(),
            }
          : null,
      updatedAt: row ? row.updatedAt.toISOString() : null,
    };
  }

  return {
    get,
    async put(user: TokenClaims, values: PdfSettingsInput): Promise<PdfSettings> {
      await db.transaction(async (tx) => {
        await tx
          .insert(pdfSettings)
          .values({ id: SETTINGS_ID, values })
          .onConflictDoUpdate({ target: pdfSettings.id, set: { values, updatedAt: sql`now()` } });
        await recordAudit(tx, {
          actor: { userId: user.userId },
          action: 'pdf-settings.update',
          entity: 'pdf-settings',
          entityId: String(SETTINGS_ID),
          after: values,
        });
      });
      return get();
    },
    async uploadLogo(user: TokenClaims, data: Buffer): Promise<PdfSettings> {
      const mimeType = sniffLogo(data);
      await db.transaction(async (tx) => {
        const current = await readRow(tx);
        const values = current?.values ?? { ...PDF_SETTINGS_DEFAULTS };
        await tx
          .insert(pdfSettings)
          .values({
            id: SETTINGS_ID,
            values,
            logo: data,
            logoMimeType: mimeType,
            logoUploadedAt: new Date(),
          })
          .onConflictDoUpdate({
            target: pdfSettings.id,
            set: {
              logo: data,
              logoMimeType: mimeType,
              logoUploadedAt: new Date(),
              updatedAt: sql`now()`,
            },
          });
        await recordAudit(tx, {
          actor: { userId: user.userId },
          action: 'pdf-settings.logo',
          entity: 'pdf-settings',
          entityId: String(SETTINGS_ID),
          after: { mimeType, sizeBytes: data.length },
        });
      });
      return get();
    },
    async deleteLogo(user: TokenClaims): Promise<PdfSettings> {
      await db.transaction(async (tx) => {
        await tx
          .update(pdfSettings)
          .set({ logo: null, logoMimeType: null, logoUploadedAt: null, updatedAt: sql`now()` })
          .where(eq(pdfSettings.id, SETTINGS_ID));
        await recordAudit(tx, {
          actor: { userId: user.userId },
          action: 'pdf-settings.logo-delete',
          entity: 'pdf-settings',
          entityId: String(SETTINGS_ID),
        });
      });
      return get();
    },
    async logo(): Promise<{ mimeType: string; data: Buffer } | null> {
      return (await loadBranding(db)).logo;
    },
    /** A one-page PDF with the given (possibly unsaved) settings and the saved logo. */
    async preview(user: TokenClaims, values: PdfSettingsInput): Promise<Buffer> {
      const { logo } = await loadBranding(db);
      const doc: ReportDocument = {
        title: 'PDF Ayarları Önizlemesi',
        templateName: 'Önizleme',
        funds: [],
        periodLabel: 'Örnek dönem',
        generatedAt: new Date(),
        generatedBy: user.fullName,
        demo: true,
        chapters: chaptersOf([]),
        methods: [],
      };
      const { data } = await renderReportPdf(doc, { settings: values, logo }, { coverOnly: true });
      return data;
    },
  };
}
