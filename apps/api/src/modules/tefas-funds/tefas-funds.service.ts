import type { Database } from '@fonrisk/db';
import type { TefasFundList, TefasRiskValuesResult, TokenClaims } from '@fonrisk/contracts';
import {
  ConnectorError,
  TefasFundInfoSource,
  type FetchFn,
  type TefasFundProfile,
} from '../../connectors/index.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { connectorSettings } from '../market-data/market-fetch.ts';
import { TefasUnreachableError } from './tefas-funds.errors.ts';
import {
  officialAround,
  replaceFundList,
  storedFundList,
  writeOfficial,
} from './tefas-funds.repository.ts';

export type TefasFundsService = ReturnType<typeof createTefasFundsService>;

/** Today's date in Istanbul (TEFAS publishes on Turkish days). */
export function istanbulToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul' }).format(now);
}

/**
 * The TEFAS fund list (with its stored copy when TEFAS cannot be reached) and the import of the
 * official risk values (riskDegeri) of funds from their TEFAS profiles (issues 11 and 12).
 */
export function createTefasFundsService(
  db: Database,
  fetchFn: FetchFn = fetch,
  today: () => string = () => istanbulToday(),
) {
  async function source(): Promise<TefasFundInfoSource> {
    return new TefasFundInfoSource((await connectorSettings(db)).tefas, fetchFn);
  }
  return {
    async list(refresh: boolean): Promise<TefasFundList> {
      let notice: string | null = null;
      if (refresh) {
        try {
          const items = await (await source()).getFundList('YAT');
          if (items.length === 0) notice = 'TEFAS boş liste döndü; kayıtlı kopya gösteriliyor.';
          else {
            await db.transaction((tx) => replaceFundList(tx, 'YAT', items));
            const stored = await storedFundList(db);
            return { source: 'tefas', notice: null, ...stored };
          }
        } catch (error) {
          if (!(error instanceof ConnectorError)) throw error;
          notice = `TEFAS'a ulaşılamadı; kayıtlı kopya gösteriliyor. (${error.message})`;
        }
      }
      const stored = await storedFundList(db);
      if (stored.items.length === 0 && notice === null)
        notice = 'Kayıtlı fon listesi yok: listeyi TEFAS’tan yenileyin.';
      return { source: 'stored', notice, ...stored };
    },

    /**
     * Reads each fund's profile (all before anything is written), stores the official risk value
     * under today's date. A value already stored for today that differs is listed in `changed`
     * and kept unless `acceptChanges`; a class that differs from the previous stored date is a new
     * dated entry, listed in `classChanges`.
     */
    async importRiskValues(
      actor: TokenClaims,
      fundCodes: readonly string[],
      acceptChanges: boolean,
    ): Promise<TefasRiskValuesResult> {
      const tefas = await source();
      const profiles: TefasFundProfile[] = [];
      const missing: string[] = [];
      for (const code of new Set(fundCodes)) {
        let profile: TefasFundProfile | null;
        try {
          profile = await tefas.getFundProfile(code);
        } catch (error) {
          if (error instanceof ConnectorError) throw new TefasUnreachableError(error.message);
          throw error;
        }
        if (profile === null || profile.riskValue === null) missing.push(code);
        else profiles.push(profile);
      }
      const date = today();
      return db.transaction(async (tx) => {
        const stored = await officialAround(
          tx,
          profiles.map((p) => p.fundCode),
          date,
        );
        const result: TefasRiskValuesResult = {
          date,
          inserted: 0,
          unchanged: 0,
          changed: [],
          missing,
          classChanges: [],
        };
        for (const p of profiles) {
          const value = p.riskValue!;
          const s = stored.get(p.fundCode)!;
          if (s.onDate === value) {
            result.unchanged++;
            continue;
          }
          if (s.onDate !== null) {
            result.changed.push({ key: p.fundCode, date, stored: s.onDate, fetched: value });
            if (!acceptChanges) continue;
          } else result.inserted++;
          if (s.previous && s.previous.value !== value)
            result.classChanges.push({
              fundCode: p.fundCode,
              previousDate: s.previous.date,
              previous: s.previous.value,
              now: value,
            });
          await writeOfficial(tx, p.fundCode, date, value);
        }
        await recordAudit(tx, {
          actor: { userId: actor.userId, username: actor.fullName },
          action: 'market-data.tefas-risk-values',
          entity: 'official-risk-values',
          entityId: fundCodes.join(','),
          before: result.changed.length > 0 ? { changed: result.changed } : null,
          after: { ...result, acceptChanges },
        });
        return result;
      });
    },
  };
}
