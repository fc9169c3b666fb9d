import {
  approachFor,
  resolveParameters,
  storedSettingsProblemText,
  type ResolvedVarParameters,
  type VarChangeQuery,
  type VarChangeResponse,
  type VarChangeSideRow,
} from '@fonrisk/contracts';
import {
  type Database,
  type PortfolioRef,
  findPortfolioRefs,
  holdingsDates,
  readPositions,
  readVarSettings,
} from '@fonrisk/db';
import { InsufficientHistoryError, type VarChangeSide, varChange } from '@fonrisk/risk';
import { loadMarketData, neededTickers, riskModel } from '@fonrisk/worker';
import {
  NoEarlierHoldingsError,
  NoHoldingsOnDateError,
  VarChangeHistoryError,
  VarChangePortfolioNotFoundError,
  VarChangeSettingsError,
} from './var-change.errors.ts';
import { reportedParameters } from './var-change.repository.ts';

export interface VarChangeService {
  /** Why the fund's VaR moved between two holdings dates (decision 0063). */
  explain(query: VarChangeQuery): Promise<VarChangeResponse>;
}

/** The requested date when it has holdings, else the error naming the nearest dates. */
function checkedDate(
  code: string,
  field: 'from' | 'to',
  date: string,
  all: readonly string[],
): string {
  if (all.includes(date)) return date;
  const before = all.filter((d) => d < date).at(-1) ?? null;
  const after = all.find((d) => d > date) ?? null;
  throw new NoHoldingsOnDateError(code, field, date, { before, after });
}

/** The two holdings dates: `to` (default the latest), `from` (default the one before `to`). */
function pickDates(ref: PortfolioRef, query: VarChangeQuery, all: readonly string[]) {
  const to =
    query.to === undefined ? (all.at(-1) ?? null) : checkedDate(ref.code, 'to', query.to, all);
  if (to === null) throw new NoEarlierHoldingsError(ref.code, null);
  if (query.from !== undefined) return { from: checkedDate(ref.code, 'from', query.from, all), to };
  const from = all.filter((d) => d < to).at(-1);
  if (from === undefined) throw new NoEarlierHoldingsError(ref.code, to);
  return { from, to };
}

export function createVarChangeService(db: Database): VarChangeService {
  /** The parameters of the figure reported that day, else today's settings for the fund. */
  async function parametersOn(
    ref: PortfolioRef,
    date: string,
  ): Promise<{ runId: string | null; parameters: ResolvedVarParameters }> {
    const reported = await reportedParameters(db, ref.code, date);
    if (reported !== null) return reported;
    const read = await readVarSettings(db);
    if (read.storedProblems)
      throw new VarChangeSettingsError(storedSettingsProblemText(read.storedProblems));
    const approach = approachFor(read.settings, ref.code, undefined);
    return { runId: null, parameters: resolveParameters({ approach }, read.settings) };
  }

  return {
    async explain(query) {
      const ref = (await findPortfolioRefs(db, [query.portfolioCode])).get(query.portfolioCode);
      if (ref === undefined) throw new VarChangePortfolioNotFoundError(query.portfolioCode);
      const { from, to } = pickDates(ref, query, await holdingsDates(db, ref.members));
      const snapshots = await readPositions(db, ref.members, [from, to]);
      const before = snapshots.get(from)!;
      const after = snapshots.get(to)!;
      const params = { from: await parametersOn(ref, from), to: await parametersOn(ref, to) };
      const models = {
        from: riskModel(params.from.parameters),
        to: riskModel(params.to.parameters),
      };
      const lookback = Math.max(
        params.from.parameters.windowDays + models.from.stepDays,
        params.to.parameters.windowDays + models.to.stepDays,
      );
      const market = await loadMarketData(
        db,
        await neededTickers(db, [...before.positions, ...after.positions]),
        from,
        to,
        lookback,
      );
      const side = (
        snapshot: typeof before,
        p: ResolvedVarParameters,
        m: ReturnType<typeof riskModel>,
      ): VarChangeSide => ({
        date: snapshot.date,
        positions: snapshot.positions,
        model: { model: m.model, windowDays: p.windowDays, stepDays: m.stepDays },
      });
      let r;
      try {
        r = varChange(
          market,
          side(before, params.from.parameters, models.from),
          side(after, params.to.parameters, models.to),
        );
      } catch (error) {
        if (error instanceof InsufficientHistoryError)
          throw new VarChangeHistoryError(ref.code, from, to, lookback);
        throw error;
      }
      const row = (
        snapshot: typeof before,
        varTry: number,
        p: (typeof params)['from'],
      ): VarChangeSideRow => ({
        date: snapshot.date,
        navTry: snapshot.nav,
        varTry,
        varPct: snapshot.nav === 0 ? 0 : varTry / snapshot.nav,
        parameters: p.parameters,
        runId: p.runId,
      });
      return {
        portfolioCode: ref.code,
        portfolioName: ref.name,
        from: row(before, r.fromVarTry, params.from),
        to: row(after, r.toVarTry, params.to),
        changeTry: r.changeTry,
        order: [...r.order],
        orders: r.orders,
        steps: r.steps,
      };
    },
  };
}
