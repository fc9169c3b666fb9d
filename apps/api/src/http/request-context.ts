import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/** What the code serving a request knows about it without being handed the request. */
export interface RequestContext {
  /** Client address (the forwarded one behind a trusted proxy, see TRUST_PROXY). */
  readonly clientAddress: string;
  readonly traceId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** The context of the request being served, or undefined outside one (demo steps, jobs). */
export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}

/** Every request runs inside its context, so that the audit trail records where a change came from. */
export function registerRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    storage.run({ clientAddress: request.ip, traceId: request.id }, done);
  });
}
