import type { FastifyInstance } from 'fastify';
import { InvalidInputError, type FieldError } from '../shared/domain-errors.ts';

export const NUL_DETAIL = 'İstek izin verilmeyen bir karakter (NUL, \\u0000) içeriyor.';
const NUL_FIELD_MESSAGE = 'Bu alan izin verilmeyen bir karakter (NUL) içeriyor.';
/** `%00` in any spelling of the address, or a raw NUL. */
const NUL_IN_URL = /%00|\0/i;

/** Paths (`a.b.0`) of the strings and keys under `value` that hold a NUL, at most a few. */
function nulPaths(value: unknown, path: string, found: string[]): void {
  if (found.length >= 5) return;
  if (typeof value === 'string') {
    if (value.includes('\0')) found.push(path || 'body');
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      nulPaths(item, path ? `${path}.${String(i)}` : String(i), found);
    });
    return;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const child = path ? `${path}.${key}` : key;
      if (key.includes('\0')) found.push(child);
      else nulPaths(item, child, found);
    }
  }
}

/**
 * PostgreSQL cannot store a NUL in text, and no field of Fonrisk needs one: a NUL anywhere in
 * the address (path, query) or in a JSON body is refused with a 400 naming the field, for every
 * route, before login and before anything reaches the database. Uploaded files are binary and
 * checked by their own parsers.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (NUL_IN_URL.test(request.url)) {
      done(new InvalidInputError(NUL_DETAIL, [{ field: 'url', message: NUL_FIELD_MESSAGE }]));
      return;
    }
    done();
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const found: string[] = [];
    nulPaths(request.body, '', found);
    if (found.length > 0) {
      const errors: FieldError[] = found.map((field) => ({ field, message: NUL_FIELD_MESSAGE }));
      done(new InvalidInputError(NUL_DETAIL, errors));
      return;
    }
    done();
  });
}
