import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCESS_TOKEN_QUERY,
  CreateRunRequestSchema,
  ExportRunTableRequestSchema,
  AnyInputBundleSchema,
  RUN_EVENT,
  RUN_ROLES,
  RunListQuerySchema,
  RunListResponseSchema,
  RunResponseSchema,
  RunCreatedSchema,
  RunSchema,
} from '@fonrisk/contracts';
import { currentUser } from '../../http/access.ts';
import { acceptsGzip } from '../../http/compression.ts';
import type { Database } from '@fonrisk/db';
import { createAnalysesService, readableTypes } from './analyses.service.ts';
import { createRunEventHub } from './run-events.ts';
import { createRunQueue } from './run-queue.ts';

const tags = ['Analizler'];
/** Reading runs: any signed-in user; the service checks the module of the run's analysis type. */
const SIGNED_IN = {};
/** Starting and cancelling runs: never observers (Gozlemleyici). */
const RUNNERS = { roles: RUN_ROLES };

const IdParams = z.object({ id: z.uuid({ error: 'geçerli bir analiz numarası değil' }) });
const StreamQuery = z.object({ [ACCESS_TOKEN_QUERY]: z.string().optional() });

export interface AnalysesRoutesOptions {
  readonly db: Database;
  /** Interval of the keep-alive comment on event streams (15 s). */
  readonly heartbeatMs?: number | undefined;
  /** Start pg-boss when the server is ready instead of on the first run (ServerOptions). */
  readonly warmQueue?: boolean;
}

export const SSE_HEARTBEAT_MS = 15_000;

/** Run endpoints and the pending-check event streams (ADR 0009). */
export const analysesRoutes: FastifyPluginCallbackZod<AnalysesRoutesOptions> = (
  app,
  { db, heartbeatMs = SSE_HEARTBEAT_MS, warmQueue = false },
  done,
) => {
  const logError = (error: Error) => app.log.error({ err: error }, 'analysis runs');
  const queue = createRunQueue(db, logError);
  if (warmQueue) app.addHook('onReady', () => queue.start());
  const analyses = createAnalysesService(db, queue);
  const events = createRunEventHub(
    db,
    (user, run) => readableTypes(user).includes(run.analysisType),
    logError,
  );
  app.addHook('onClose', async () => {
    await events.close();
    await queue.close();
  });

  app.post('/analyses/runs', {
    config: { access: RUNNERS },
    schema: {
      tags,
      summary: 'Analiz başlat',
      body: CreateRunRequestSchema,
      response: { 200: RunCreatedSchema },
    },
    handler: (request) => analyses.create(currentUser(request), request.body),
  });

  app.get('/analyses/runs', {
    config: { access: SIGNED_IN },
    schema: {
      tags,
      summary: 'Analiz çalıştırmaları',
      querystring: RunListQuerySchema,
      response: { 200: RunListResponseSchema },
    },
    handler: (request) => analyses.list(currentUser(request), request.query),
  });

  app.get('/analyses/runs/:id', {
    config: { access: SIGNED_IN },
    schema: {
      tags,
      summary: 'Bir analiz çalıştırması (sonucuyla)',
      params: IdParams,
      response: { 200: RunResponseSchema },
    },
    // The body is written from the stored result's text, already validated by the worker when
    // stored (decision 0126), and sent as one gzip member spliced around its deflated copy
    // (decision 0129); the schema above documents it.
    handler: async (request, reply) => {
      const { body, keepText } = await analyses.getAnswer(
        currentUser(request),
        request.params.id,
        acceptsGzip(request.headers['accept-encoding']),
      );
      keepText?.().catch((error: unknown) =>
        request.log.error({ err: error }, 'the result text of a run was not stored'),
      );
      // Either is a RunResponseSchema value's JSON text (gzip bytes or text), sent as it is.
      void reply.type('application/json; charset=utf-8');
      if ('gzip' in body)
        return reply
          .header('Content-Encoding', 'gzip')
          .header('Vary', 'Accept-Encoding')
          .send(body.gzip as never);
      return reply.serializer((payload) => payload as string).send(body.json as never);
    },
  });

  app.post('/analyses/runs/:id/cancel', {
    config: { access: RUNNERS },
    schema: { tags, summary: 'Analizi iptal et', params: IdParams, response: { 200: RunSchema } },
    handler: (request) => analyses.cancel(currentUser(request), request.params.id),
  });

  app.post('/analyses/runs/:id/rerun', {
    config: { access: RUNNERS },
    schema: {
      tags,
      summary: 'Aynı girdilerle yeniden çalıştır',
      params: IdParams,
      response: { 200: RunSchema },
    },
    handler: (request) => analyses.rerun(currentUser(request), request.params.id),
  });

  app.post('/analyses/runs/:id/export', {
    config: { access: SIGNED_IN },
    schema: {
      tags,
      summary: 'Sonuç tablosunu Excel olarak indir',
      params: IdParams,
      body: ExportRunTableRequestSchema,
    },
    handler: async (request, reply) => {
      const file = await analyses.exportTable(
        currentUser(request),
        request.params.id,
        request.body.table,
      );
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header(
          'Content-Disposition',
          `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
        )
        .send(file.content);
    },
  });

  app.get('/analyses/runs/:id/bundle', {
    config: { access: SIGNED_IN },
    schema: {
      tags,
      summary: 'Girdi paketini indir (fonrisk replay ile yeniden hesaplanır)',
      params: IdParams,
      response: { 200: AnyInputBundleSchema },
    },
    handler: async (request, reply) => {
      const file = await analyses.bundle(currentUser(request), request.params.id);
      return reply
        .header(
          'Content-Disposition',
          `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
        )
        .send(file.bundle);
    },
  });

  /**
   * Server-sent events: a `run` event (RunSummary JSON) for every change of a run the user may
   * see, and a comment line every `heartbeatMs` so proxies keep the connection open.
   */
  async function stream(
    request: FastifyRequest,
    reply: FastifyReply,
    analysisBasedOnly: boolean,
  ): Promise<void> {
    const user = currentUser(request);
    const raw = reply.raw;
    let unsubscribe: (() => void) | null = null;
    const send = (chunk: string) => {
      if (!raw.writableEnded) raw.write(chunk);
    };
    unsubscribe = await events.subscribe({
      user,
      analysisBasedOnly,
      send: (run) => send(`event: ${RUN_EVENT}\nid: ${run.id}\ndata: ${JSON.stringify(run)}\n\n`),
    });
    reply.hijack();
    // Headers already set on the reply (the trace id) go out with the hijacked response.
    for (const [name, value] of Object.entries(reply.getHeaders()))
      if (value !== undefined) raw.setHeader(name, value);
    raw.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    send('retry: 3000\n: bağlandı\n\n');
    const heartbeat = setInterval(() => send(': heartbeat\n\n'), heartbeatMs);
    const end = () => {
      clearInterval(heartbeat);
      unsubscribe?.();
      unsubscribe = null;
      if (!raw.writableEnded) raw.end();
    };
    request.raw.on('close', end);
    openStreams.add(end);
    raw.on('close', () => openStreams.delete(end));
  }

  const openStreams = new Set<() => void>();
  // Open streams would keep the server from closing.
  app.addHook('preClose', (hookDone) => {
    for (const end of openStreams) end();
    openStreams.clear();
    hookDone();
  });

  // The token may come as ?access_token= (EventSource cannot send headers); request lines of
  // these routes stay out of the info log so that the token is not written there.
  const streamOptions = {
    config: { access: SIGNED_IN, tokenInQuery: true },
    logLevel: 'warn' as const,
    schema: { tags, summary: 'Analiz durum akışı (server-sent events)', querystring: StreamQuery },
  };
  app.get('/analyses/checkpending', {
    ...streamOptions,
    handler: (request, reply) => stream(request, reply, false),
  });
  app.get('/analyses/checkpending/analysis-based', {
    ...streamOptions,
    schema: {
      ...streamOptions.schema,
      summary: 'Analiz bazlı rapor durum akışı (server-sent events)',
    },
    handler: (request, reply) => stream(request, reply, true),
  });

  done();
};
