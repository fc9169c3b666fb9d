import type { z } from 'zod';
import type { ModuleNumber } from '../modules.ts';

/** An input schema: an object that refuses keys it does not define (`z.strictObject`). */
export type StrictInputs = z.ZodObject<z.ZodRawShape, z.core.$strict>;

/**
 * One analysis type, defined once in its own contract file (`var.ts`, `backtest.ts`...) and
 * listed in registry.ts. The inputs and result types of the API route, the worker handler and
 * the web result screen are inferred from `inputsSchema` and `resultSchema`.
 */
export interface AnalysisDefinition<
  Id extends string = string,
  I extends StrictInputs = StrictInputs,
  R extends z.ZodType = z.ZodType,
  B extends z.ZodType | undefined = z.ZodType | undefined,
> {
  /** The `analysisType` of a run; also the worker folder (`apps/worker/src/analyses/<id>`). */
  readonly id: Id;
  /** The module a user needs; null: any module (bond analysis, like its route). */
  readonly module: ModuleNumber | null;
  /** Turkish title (run lists, exports). */
  readonly title: string;
  /** The screen (route path of contracts ROUTES) that starts this analysis. */
  readonly runRoute: string;
  /** The screen that lists and opens its runs. */
  readonly resultRoute: string;
  /**
   * The inputs of a run: a strict object, so that a field the type does not define is refused
   * (400 naming it), never dropped (issue 21, decision 0049).
   */
  readonly inputsSchema: I;
  readonly resultSchema: R;
  /**
   * The scenario `data` of the run's input bundle (input-bundle.ts): holdings, market windows and
   * evaluations a scenario-based type records besides the statements every run records (decision
   * 0041), replayed by packages/risk `replayVar`. Absent: the bundle has the statements only.
   */
  readonly bundle?: B;
}

/** Identity with the literal id kept, so the registry knows each type's schemas exactly. */
export function defineAnalysis<
  const Id extends string,
  I extends StrictInputs,
  R extends z.ZodType,
  B extends z.ZodType | undefined = undefined,
>(definition: AnalysisDefinition<Id, I, R, B>): AnalysisDefinition<Id, I, R, B> {
  return definition;
}
