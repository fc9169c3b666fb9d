import {
  ANALYSIS_TYPES,
  BREACH_STATUS_LABELS,
  DATA_QUALITY_SETTINGS_KEY,
  formatPercent,
  type AnalysisType,
  type DataQualityResponse,
  type DataQualitySettings,
  type DataQualitySettingsResponse,
  type OpenBreach,
  type RecentRun,
  type RunStatus,
  type TodaySource,
  type TokenClaims,
} from '@fonrisk/contracts';
import { readVarSettings, type Database } from '@fonrisk/db';
import { recordAudit } from '../audit/audit.repository.ts';
import { readableTypes } from '../analyses/analyses.service.ts';
import type { RmdTrackingService } from '../rmd-tracking/rmd-tracking.service.ts';
import type { createBreachesService } from '../internal-audit/breaches.service.ts';
import { fundQuality } from './data-quality.checks.ts';
import { FutureDataQualityDateError } from './data-quality.errors.ts';
import {
  activeFunds,
  fundCheckInputs,
  latestMarketDate,
  readDataQualitySettings,
  recentRuns,
  writeDataQualitySettings,
} from './data-quality.repository.ts';

/** The calendar date in Istanbul (UTC+3 all year since 2016) of an instant. */
export function istanbulDate(at: Date): string {
  return new Date(at.getTime() + 3 * 3_600_000).toISOString().slice(0, 10);
}

function previousDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

export interface DataQualityDeps {
  readonly rmdTracking: Pick<RmdTrackingService, 'list'>;
  readonly breaches: Pick<ReturnType<typeof createBreachesService>, 'list'>;
  /** The clock (tests pass a fixed one). */
  readonly now?: () => Date;
}

export type DataQualityService = ReturnType<typeof createDataQualityService>;

/** The morning view (issue 26, decision 0065) and its tolerances. */
export function createDataQualityService(db: Database, deps: DataQualityDeps) {
  const now = deps.now ?? (() => new Date());

  /** "Today": the asked date, else the latest market-data date up to the clock's date. */
  async function todayOf(
    date: string | undefined,
  ): Promise<{ today: string; source: TodaySource }> {
    const clock = istanbulDate(now());
    if (date !== undefined) {
      if (date > clock) throw new FutureDataQualityDateError(date, clock);
      return { today: date, source: 'request' };
    }
    const market = await latestMarketDate(db, clock);
    return market === null
      ? { today: clock, source: 'clock' }
      : { today: market, source: 'marketData' };
  }

  async function openBreaches(user: TokenClaims): Promise<OpenBreach[]> {
    const out: OpenBreach[] = [];
    if (user.modules.includes(1))
      for (const r of (await deps.rmdTracking.list()).items)
        if (r.status === 'breach' && r.asOfDate !== null)
          out.push({
            kind: 'limit',
            portfolioCode: r.portfolioCode,
            message: `${r.portfolioCode}: RMD ${formatPercent(r.varPct)}, limit ${formatPercent(r.limitPct)} (kullanım ${formatPercent(r.usage)}); ${String(r.daysInBreach)} gündür limit aşımında.`,
            since: r.asOfDate,
            route: 'rmd-tracking',
          });
    if (user.modules.includes(3))
      for (const b of await deps.breaches.list({
        portfolioCodes: [],
        criterionCodes: [],
        statuses: ['open', 'remedying'],
      }))
        out.push({
          kind: 'audit',
          portfolioCode: b.portfolioCode,
          message: `${b.portfolioCode}: ${b.criterionName} (${BREACH_STATUS_LABELS[b.status]}, ${String(b.ageDays)} gün${b.overdue ? ', süresi geçti' : ''}).`,
          since: b.firstDate,
          route: 'internal-audit-tracking',
        });
    return out;
  }

  return {
    async settings(): Promise<DataQualitySettingsResponse> {
      return readDataQualitySettings(db);
    },

    async saveSettings(
      actor: TokenClaims,
      next: DataQualitySettings,
    ): Promise<DataQualitySettingsResponse> {
      return db.transaction(async (tx) => {
        const before = await readDataQualitySettings(tx);
        const at = now();
        await writeDataQualitySettings(tx, next, at);
        await recordAudit(tx, {
          actor,
          action: 'data-quality-settings.update',
          entity: 'settings',
          entityId: DATA_QUALITY_SETTINGS_KEY,
          before: before.settings,
          after: next,
        });
        return { settings: next, updatedAt: at.toISOString() };
      });
    },

    async view(user: TokenClaims, date?: string): Promise<DataQualityResponse> {
      const { today, source } = await todayOf(date);
      const t = (await readDataQualitySettings(db)).settings;
      const tolerances = {
        ...t,
        unmappedTolerancePct: (await readVarSettings(db)).settings.unmappedTolerancePct,
      };
      const inputs = await fundCheckInputs(db, await activeFunds(db), today, t);
      const since = previousDate(istanbulDate(now()));
      const runs = await recentRuns(db, new Date(`${since}T00:00:00+03:00`), readableTypes(user));
      return {
        today,
        todaySource: source,
        since,
        settings: tolerances,
        funds: inputs.map((i) => fundQuality(i, tolerances)),
        runs: runs.map((r): RecentRun => {
          const type = ANALYSIS_TYPES[r.analysisType as AnalysisType];
          return {
            id: r.id,
            analysisType: r.analysisType,
            title: type.title,
            status: r.status as RunStatus,
            portfolioCodes: r.portfolioCodes,
            createdAt: r.createdAt.toISOString(),
            finishedAt: r.finishedAt?.toISOString() ?? null,
            error: r.error,
            route: type.resultRoute,
          };
        }),
        breaches: await openBreaches(user),
      };
    },
  };
}
