import type { CalendarDayKindInput, CalendarYear, TokenClaims } from '@fonrisk/contracts';
import { calendarOverrides, eq, type Database } from '@fonrisk/db';
import { TURKISH_CALENDAR, parseIsoDate } from '@fonrisk/risk';
import { recordAudit } from '../audit/audit.repository.ts';
import { listOverrides, loadCalendar } from './calendar.repository.ts';

export const CALENDAR_SOURCE =
  "Sabit tatiller ve yarım günler: 2429 sayılı Ulusal Bayram ve Genel Tatiller Hakkında Kanun (Resmî Gazete 19.03.1981, değişiklikleriyle). Ramazan ve Kurban Bayramı: Diyanet İşleri Başkanlığı hicri-miladi takvimi (vakithesaplama.diyanet.gov.tr); resmî ilanı yapılmamış yıllar (2027 ve sonrası) geçicidir ve 'resmî ilan bekleniyor' olarak işaretlenir; başka takvimler bir gün farklı olabilir. Kullanıcı değişiklikleri 'Değiştirildi' olarak gösterilir.";

export type CalendarService = ReturnType<typeof createCalendarService>;

export function createCalendarService(db: Database) {
  return {
    async year(year: number): Promise<CalendarYear> {
      const overrides = await listOverrides(db);
      const calendar = await loadCalendar(db);
      const overridden = new Set(overrides.map((o) => o.date));
      const prefix = `${year}-`;
      return {
        year,
        days: calendar.days
          .filter((d) => d.date.startsWith(prefix))
          .map((d) => ({ ...d, origin: overridden.has(d.date) ? 'override' : 'builtin' })),
        overrides: overrides.filter((o) => o.date.startsWith(prefix)),
        source: CALENDAR_SOURCE,
      };
    },

    put(actor: TokenClaims, date: string, kind: CalendarDayKindInput, name: string) {
      return db.transaction(async (tx) => {
        const [old] = await tx
          .select()
          .from(calendarOverrides)
          .where(eq(calendarOverrides.date, date));
        const builtin = TURKISH_CALENDAR.dayOf(parseIsoDate(date)) ?? null;
        const label = name || (kind === 'businessDay' ? 'İş günü' : (builtin?.name ?? 'Tatil'));
        const now = new Date();
        await tx
          .insert(calendarOverrides)
          .values({ date, kind, name: label, updatedAt: now })
          .onConflictDoUpdate({
            target: calendarOverrides.date,
            set: { kind, name: label, updatedAt: now },
          });
        await recordAudit(tx, {
          actor,
          action: 'calendar.update',
          entity: 'calendar',
          entityId: date,
          before: old ? { kind: old.kind, name: old.name } : { builtin },
          after: { kind, name: label },
        });
      });
    },

    remove(actor: TokenClaims, date: string) {
      return db.transaction(async (tx) => {
        const [old] = await tx
          .delete(calendarOverrides)
          .where(eq(calendarOverrides.date, date))
          .returning();
        if (old)
          await recordAudit(tx, {
            actor,
            action: 'calendar.reset',
            entity: 'calendar',
            entityId: date,
            before: { kind: old.kind, name: old.name },
            after: null,
          });
      });
    },
  };
}
