import type { RunListQuerySchema } from '@fonrisk/contracts';
import {
  ANALYSIS_TYPE_IDS,
  ANALYSIS_TYPES,
  fileNameStem,
  findAnalysisType,
  isAnalysisType,
  INPUT_BUNDLE_FORMAT,
  INPUT_BUNDLE_VERSION,
  LEGACY_INPUT_BUNDLE_VERSION,
  StoredBundleSchema,
  ResultTableSchema,
  RunStatus,
  USER_ADMIN_ROLES,
  RunLane,
  type AnalysisTypeDefinition,
  type AnyInputBundle,
  type Run,
  type RunCreated,
  type RunListResponse,
  type TokenClaims,
} from '@fonrisk/contracts';
import {
  deflateResultText,
  inflateResultText,
  readRunBundle,
  storeResultText,
  type AnalysisRunRow,
  type Database,
} from '@fonrisk/db';
import type { z } from 'zod';
import { InvalidInputError } from '../../shared/domain-errors.ts';
import { gzipAround } from '../../shared/gzip-splice.ts';
import { fieldErrorsOf, unknownFieldsDetail } from '../../shared/field-errors.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import {
  ResultTableNotFoundError,
  RunAlreadyFinishedError,
  RunBundleNotDoneError,
  RunBundleNotFoundError,
  RunModuleDeniedError,
  RunNotDoneError,
  RunNotFoundError,
  RunInputsUnavailableError,
  RunOfAnotherUserError,
} from './analyses.errors.ts';
import {
  findRun,
  findResultJson,
  findRunAnswerRow,
  listRuns,
  requestCancel,
  runJsonAround,
  toRun,
  toRunSummary,
} from './analyses.repository.ts';
import { resultReportWorkbook, resultTableWorkbook } from './run-export.ts';
import { queueRun, type RunQueue } from './run-queue.ts';
import { submissionProblems, submissionWarnings } from './run-submission.ts';

const INVALID_DETAIL = 'Analiz girdileri geçersiz. Lütfen alanları kontrol edin.';

type ListQuery = z.output<typeof RunListQuerySchema>;

export type AnalysesService = ReturnType<typeof createAnalysesService>;

/** A run's GET body: gzip bytes (Content-Encoding: gzip) or JSON text (as UTF-8 or a string). */
export type RunGetBody = { readonly gzip: Buffer } | { readonly json: string | Buffer };

export interface RunGetAnswer {
  readonly body: RunGetBody;
  /** Stores the result's text deflated, for a run whose text was not stored (decision 0129). */
  readonly keepText: (() => Promise<void>) | null;
}

function hasModule(user: TokenClaims, type: AnalysisTypeDefinition): boolean {
  if (type.module === null) return user.modules.length > 0;
  return (user.modules as readonly number[]).includes(type.module);
}

/** The analysis types whose runs the user may see (the type's module among the user's). */
export function readableTypes(user: TokenClaims): string[] {
  return ANALYSIS_TYPE_IDS.filter((id) => hasModule(user, ANALYSIS_TYPES[id]));
}

/**
 * Analysis runs (ADR 0009). Route access already keeps observers away from creating and
 * cancelling; here the module of the run's analysis type is checked against the user's modules,
 * inputs are validated with the type's schema, and the run and its job are written together.
 */
/**
 * A download's name from a run: the analysis's Turkish title, the part (a table's title, the
 * input bundle) and the run's date, e.g. `Stres-Testi_Pozisyon-Bazinda-Kar-Zarar_2026-11-27.xlsx`
 * (`fileNameStem`: ASCII, as the reports' files).
 */
export function runFileName(
  analysisType: string,
  part: string | null,
  date: string,
  extension: 'xlsx' | 'json',
): string {
  const title = findAnalysisType(analysisType)?.title ?? analysisType;
  const stems = [title, part ?? ''].map(fileNameStem).filter((s) => s !== '');
  return `${[...stems, date].join('_')}.${extension}`;
}

export function createAnalysesService(db: Database, queue: RunQueue) {
  function typeOf(analysisType: string): AnalysisTypeDefinition {
    const type = findAnalysisType(analysisType);
    if (!type) {
      throw new InvalidInputError(INVALID_DETAIL, [
        { field: 'analysisType', message: 'bilinmeyen analiz türü' },
      ]);
    }
    return type;
  }

  /** Refuses a run whose analysis type's module the user lacks (or an unknown type). */
  function mustOpen(user: TokenClaims, analysisType: string): void {
    const type = findAnalysisType(analysisType);
    if (!type || !hasModule(user, type)) throw new RunModuleDeniedError();
  }

  async function mustRead(user: TokenClaims, id: string): Promise<AnalysisRunRow> {
    const row = await findRun(db, id);
    if (!row) throw new RunNotFoundError();
    mustOpen(user, row.analysisType);
    return row;
  }

  /**
   * Validates the inputs with the type's schema (the route already did for a new request; a rerun
   * brings stored inputs), then writes the run and its job in one transaction.
   */
  async function create(
    user: TokenClaims,
    request: { readonly analysisType: string; readonly inputs: unknown },
  ): Promise<RunCreated> {
    const type = typeOf(request.analysisType);
    if (!hasModule(user, type)) throw new RunModuleDeniedError();
    const parsed = type.inputsSchema.safeParse(request.inputs);
    if (!parsed.success) {
      const { errors, unknownFields } = fieldErrorsOf(parsed.error.issues, 'inputs');
      throw new InvalidInputError(unknownFieldsDetail(unknownFields) ?? INVALID_DETAIL, errors);
    }
    const inputs = parsed.data as Record<string, unknown>;
    if (isAnalysisType(type.id)) {
      const problems = await submissionProblems(db, type.id, parsed.data as never);
      if (problems.length > 0) throw new RunInputsUnavailableError(problems);
    }
    const dataWarnings = await submissionWarnings(db, inputs);
    const row = await db.transaction(async (tx) => {
      const run = await queueRun(tx, queue, {
        analysisType: type.id,
        inputs,
        requester: { userId: user.userId, name: user.fullName },
        lane: RunLane.Interactive,
      });
      await recordAudit(tx, {
        actor: { userId: user.userId },
        action: 'analysis-run.create',
        entity: 'analysis-run',
        entityId: run.id,
        after: { analysisType: run.analysisType, inputs },
      });
      return run;
    });
    return { ...toRun(row), dataWarnings };
  }

  return {
    create,

    /**
     * The run's GET body (decisions 0126, 0129): for a client that takes gzip, one gzip member
     * spliced around the result's stored deflated text, which is never inflated here; otherwise
     * JSON text. A finished run without a stored text (stored before migration 0027, restored,
     * inserted by the demo) is answered from PostgreSQL's text of its result, and `keepText`
     * stores that text deflated for the next read (the caller runs it after answering).
     */
    async getAnswer(user: TokenClaims, id: string, gzip: boolean): Promise<RunGetAnswer> {
      const row = await findRunAnswerRow(db, id);
      if (!row) throw new RunNotFoundError();
      mustOpen(user, row.analysisType);
      const [before, after] = runJsonAround(row);
      const stored = row.resultText;
      if (stored)
        return {
          body: gzip
            ? { gzip: gzipAround(before, stored, after) }
            : {
                json: Buffer.concat([
                  Buffer.from(before, 'utf8'),
                  await inflateResultText(stored),
                  Buffer.from(after, 'utf8'),
                ]),
              },
          keepText: null,
        };
      const result = row.status === RunStatus.Done ? await findResultJson(db, id) : null;
      return {
        body: { json: `${before}${result ?? 'null'}${after}` },
        keepText:
          result === null
            ? null
            : async () => storeResultText(db, id, await deflateResultText(result)),
      };
    },

    async list(user: TokenClaims, query: ListQuery): Promise<RunListResponse> {
      const readable = readableTypes(user);
      const types = query.analysisType
        ? readable.filter((t) => t === query.analysisType)
        : readable;
      const { total, rows } = await listRuns(db, { ...query, analysisTypes: types });
      return { total, items: rows.map(toRunSummary) };
    },

    async cancel(user: TokenClaims, id: string): Promise<Run> {
      const run = await mustRead(user, id);
      // A Hesaplayıcı stops only the runs it started; Admin and Super Admin stop any run.
      if (!USER_ADMIN_ROLES.includes(user.role) && run.createdBy !== user.userId)
        throw new RunOfAnotherUserError();
      const row = await db.transaction(async (tx) => {
        const changed = await requestCancel(tx, id);
        if (!changed) throw new RunAlreadyFinishedError();
        await recordAudit(tx, {
          actor: { userId: user.userId },
          action: 'analysis-run.cancel',
          entity: 'analysis-run',
          entityId: id,
        });
        return changed;
      });
      return toRun(row);
    },

    /** A new run with the same inputs; the original stays as it is. */
    async rerun(user: TokenClaims, id: string): Promise<Run> {
      const original = await mustRead(user, id);
      return create(user, { analysisType: original.analysisType, inputs: original.inputs });
    },

    /**
     * The input bundle of a done run (decisions 0040, 0041): the statements the worker recorded
     * with their answers (and the scenario data of the Module 1 types), with the run's inputs,
     * resolved parameters, engine version, data dates and stored result, so that `fonrisk replay`
     * re-runs and compares it. A run stored before 0041 keeps its version 1 file (scenario data
     * only). Access like the run itself.
     */
    async bundle(
      user: TokenClaims,
      id: string,
    ): Promise<{ fileName: string; bundle: AnyInputBundle }> {
      const row = await mustRead(user, id);
      if (row.status !== RunStatus.Done || !row.result) throw new RunBundleNotDoneError();
      // The stored bundle with its large parts put back (decision 0086).
      const stored = (await readRunBundle(db, id)) as Record<string, unknown> | null;
      if (!stored) throw new RunBundleNotFoundError();
      const date = row.asOfDate ?? row.toDate ?? row.createdAt.toISOString().slice(0, 10);
      const envelope = {
        format: INPUT_BUNDLE_FORMAT as typeof INPUT_BUNDLE_FORMAT,
        runId: row.id,
        analysisType: row.analysisType,
        engineVersion: row.engineVersion,
        dataDates: row.dataSnapshot,
        inputs: row.inputs,
        parameters: row.result.parameters ?? null,
        result: row.result,
      };
      const current = StoredBundleSchema.safeParse(stored);
      return {
        fileName: runFileName(row.analysisType, 'Girdi Paketi', date, 'json'),
        bundle: current.success
          ? {
              ...envelope,
              version: INPUT_BUNDLE_VERSION,
              reads: current.data.reads,
              snapshot: current.data.snapshot,
              data: current.data.data,
            }
          : { ...envelope, version: LEGACY_INPUT_BUNDLE_VERSION, data: stored },
      };
    },

    /** One table of a done run's result as .xlsx, with a file name naming the analysis. */
    async exportTable(
      user: TokenClaims,
      id: string,
      tableName: string | undefined,
    ): Promise<{ fileName: string; content: Buffer }> {
      const row = await mustRead(user, id);
      if (row.status !== RunStatus.Done || !row.result) throw new RunNotDoneError();
      const tables = (row.result.tables ?? {}) as Record<string, unknown>;
      const date = row.asOfDate ?? row.toDate ?? row.createdAt.toISOString().slice(0, 10);
      if (tableName === undefined) {
        const all = Object.values(tables).flatMap((t) => {
          const parsed = ResultTableSchema.safeParse(t);
          return parsed.success ? [parsed.data] : [];
        });
        if (all.length === 0) throw new ResultTableNotFoundError('rapor');
        return {
          fileName: runFileName(row.analysisType, null, date, 'xlsx'),
          content: await resultReportWorkbook(all),
        };
      }
      const table = ResultTableSchema.safeParse(
        Object.hasOwn(tables, tableName) ? tables[tableName] : undefined,
      );
      if (!table.success) throw new ResultTableNotFoundError(tableName);
      return {
        fileName: runFileName(row.analysisType, table.data.title, date, 'xlsx'),
        content: await resultTableWorkbook(table.data),
      };
    },
  };
}
