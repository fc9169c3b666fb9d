import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { Problem } from '@fonrisk/contracts';
import { isStorageFull, StorageFullError, storageFullReason } from '@fonrisk/db';
import {
  AuthenticationError,
  ConflictError,
  DomainError,
  InvalidInputError,
  NotFoundError,
  PermissionDeniedError,
  ServiceUnavailableError,
  TooManyAttemptsError,
  UnprocessableInputError,
} from '../shared/domain-errors.ts';
import { fieldErrorsOf, unknownFieldsDetail } from '../shared/field-errors.ts';

interface ProblemKind {
  readonly status: number;
  readonly slug: string;
  readonly title: string;
}

type DomainErrorClass = abstract new (...args: never[]) => DomainError;

/** The one table from error classes to HTTP statuses. */
const DOMAIN_ERRORS: ReadonlyArray<readonly [DomainErrorClass, ProblemKind]> = [
  [UnprocessableInputError, { status: 422, slug: 'unprocessable', title: 'İşlenemeyen içerik' }],
  [InvalidInputError, { status: 400, slug: 'invalid-input', title: 'Geçersiz istek' }],
  [AuthenticationError, { status: 401, slug: 'unauthenticated', title: 'Oturum gerekli' }],
  [PermissionDeniedError, { status: 403, slug: 'forbidden', title: 'Yetkisiz işlem' }],
  [NotFoundError, { status: 404, slug: 'not-found', title: 'Bulunamadı' }],
  [ConflictError, { status: 409, slug: 'conflict', title: 'Çakışma' }],
  [TooManyAttemptsError, { status: 429, slug: 'too-many-attempts', title: 'Çok fazla deneme' }],
  [ServiceUnavailableError, { status: 503, slug: 'unavailable', title: 'Hizmet kullanılamıyor' }],
];

const INTERNAL: ProblemKind = { status: 500, slug: 'internal', title: 'Sunucu hatası' };
/** A file of the request (export, report, spooled upload) could not be written: disk full. */
const STORAGE_FULL: ProblemKind = { status: 507, slug: 'storage-full', title: 'Disk dolu' };
const NOT_FOUND = DOMAIN_ERRORS[4]![1];
const INVALID = DOMAIN_ERRORS[1]![1];

const VALIDATION_DETAIL = 'Gönderilen bilgiler geçersiz. Lütfen alanları kontrol edin.';
const INTERNAL_DETAIL = 'Beklenmeyen bir sunucu hatası oluştu. Lütfen daha sonra tekrar deneyin.';
const ROUTE_NOT_FOUND_DETAIL = 'İstenen adres bulunamadı.';
/** Client errors Fastify raises itself (bad JSON, wrong content type, body too large...). */
const CLIENT_ERROR_DETAIL = 'İstek işlenemedi. Lütfen gönderilen veriyi kontrol edin.';
const TOO_LARGE: ProblemKind = { status: 413, slug: 'payload-too-large', title: 'İstek çok büyük' };
export const TOO_LARGE_DETAIL =
  'Gönderilen veri izin verilen boyutu aşıyor: istek gövdesi en fazla 1 MB, yüklenen dosya en fazla 50 MB olabilir.';
/** PostgreSQL: a value it cannot store as text (NUL byte, bad encoding) is the client's input. */
const UNSTORABLE_TEXT_CODES = new Set(['22021', '22P05']);

export const DATABASE_UNAVAILABLE_DETAIL =
  'Veritabanına şu anda ulaşılamıyor. Lütfen biraz sonra tekrar deneyin.';
const UNAVAILABLE = DOMAIN_ERRORS[7]![1];

/**
 * The database is down or restarting (connection refused or dropped, PostgreSQL shutting down
 * or starting): the request failed as a whole and may be retried, so 503, not 500.
 */
function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (
      typeof code === 'string' &&
      (/^(08|57P)/.test(code) || /^E(CONNREFUSED|CONNRESET|PIPE|HOSTUNREACH)$/.test(code))
    )
      return true;
    if (
      /Connection terminated|connection timeout|timeout exceeded when trying to connect/i.test(
        e.message,
      )
    )
      return true;
  }
  return false;
}

/** The Turkish reason of a disk-full error (the file name when the helper knew it). */
function storageFullDetail(error: unknown): string {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if (e instanceof StorageFullError) return e.message;
  }
  const code = (error as { code?: unknown }).code;
  return storageFullReason('geçici', code === 'EDQUOT' ? 'EDQUOT' : 'ENOSPC');
}

function postgresCode(error: unknown): string | undefined {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

function problem(
  kind: ProblemKind,
  detail: string,
  request: FastifyRequest,
  errors?: Problem['errors'],
): Problem {
  return {
    type: `urn:fonrisk:problem:${kind.slug}`,
    title: kind.title,
    status: kind.status,
    detail,
    instance: request.url,
    traceId: request.id,
    ...(errors && errors.length > 0 ? { errors } : {}),
  };
}

function send(reply: FastifyReply, body: Problem): FastifyReply {
  return reply.status(body.status).type('application/problem+json').send(body);
}

function kindOf(error: DomainError): ProblemKind {
  const found = DOMAIN_ERRORS.find(([type]) => error instanceof type);
  return found ? found[1] : INTERNAL;
}

function sendDomainError(
  error: DomainError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  if (error instanceof TooManyAttemptsError) {
    void reply.header('Retry-After', String(error.retryAfterSeconds));
  }
  const errors = error instanceof InvalidInputError ? [...error.errors] : undefined;
  const body = problem(kindOf(error), error.detail, request, errors);
  if (error instanceof ConflictError) {
    // Conflict members (portfolio dates and unknown portfolios of holdings; unknown tickers,
    // changes, jumps of prices).
    const members = {
      ...(error.conflicts ? { conflicts: [...error.conflicts] } : {}),
      ...(error.unknownTickers ? { unknownTickers: [...error.unknownTickers] } : {}),
      ...(error.changes ? { changes: [...error.changes] } : {}),
      ...(error.warnings ? { warnings: [...error.warnings] } : {}),
      ...(error.unknownPortfolios ? { unknownPortfolios: [...error.unknownPortfolios] } : {}),
      ...(error.fieldChanges ? { fieldChanges: [...error.fieldChanges] } : {}),
      ...(error.ambiguousNumbers?.length ? { ambiguousNumbers: [...error.ambiguousNumbers] } : {}),
    } as Partial<Problem>;
    return send(reply, { ...body, ...members });
  }
  return send(reply, body);
}

/** Installs the error and not-found handlers: every error leaves as RFC 9457 problem details. */
export function registerProblemDetails(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) return sendDomainError(error, request, reply);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const { errors, unknownFields } = fieldErrorsOf(
        error.validation.map((v) => ({
          code: v.keyword,
          path: v.instancePath.split('/').filter((p) => p !== ''),
          message: v.message ?? VALIDATION_DETAIL,
          keys: (v.params as { keys?: string[] }).keys,
        })),
        '',
      );
      const named = errors.map((e) => ({
        ...e,
        field: e.field || (error.validationContext ?? 'body'),
      }));
      const detail = unknownFieldsDetail(unknownFields) ?? VALIDATION_DETAIL;
      return send(reply, problem(INVALID, detail, request, named));
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return send(reply, problem(TOO_LARGE, TOO_LARGE_DETAIL, request));
    const pgCode = postgresCode(error);
    if (pgCode !== undefined && UNSTORABLE_TEXT_CODES.has(pgCode)) {
      return send(reply, problem(INVALID, VALIDATION_DETAIL, request));
    }
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'client error');
      const kind = { status, slug: 'bad-request', title: INVALID.title };
      return send(reply, problem(kind, CLIENT_ERROR_DETAIL, request));
    }
    if (isStorageFull(error)) {
      request.log.error({ err: error }, 'disk full');
      return send(reply, problem(STORAGE_FULL, storageFullDetail(error), request));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      void reply.header('Retry-After', '5');
      return send(reply, problem(UNAVAILABLE, DATABASE_UNAVAILABLE_DETAIL, request));
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, problem(INTERNAL, INTERNAL_DETAIL, request));
  });
}

export function sendRouteNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return send(reply, problem(NOT_FOUND, ROUTE_NOT_FOUND_DETAIL, request));
}
