import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '@fonrisk/db';
import { createAccessTokens } from '../modules/auth/access-token.ts';
import { authRoutes } from '../modules/auth/auth.routes.ts';
import { createAuthService, type LoginLimits } from '../modules/auth/auth.service.ts';
import { blogRoutes } from '../modules/blog/blog.routes.ts';
import { createBlogService } from '../modules/blog/blog.service.ts';
import { healthRoutes } from '../modules/health/health.routes.ts';
import { usersRoutes } from '../modules/users/users.routes.ts';
import { importsRoutes } from '../modules/data-imports/imports.routes.ts';
import { createImportsService } from '../modules/data-imports/imports.service.ts';
import { importSettingsRoutes } from '../modules/data-imports/import-settings.routes.ts';
import { createImportSettingsService } from '../modules/data-imports/import-settings.service.ts';
import { instrumentsRoutes } from '../modules/instruments/instruments.routes.ts';
import { createInstrumentsService } from '../modules/instruments/instruments.service.ts';
import { benchmarksRoutes } from '../modules/benchmarks/benchmarks.routes.ts';
import { stressScenariosRoutes } from '../modules/stress-scenarios/stress-scenarios.routes.ts';
import { createStressScenariosService } from '../modules/stress-scenarios/stress-scenarios.service.ts';
import { createBenchmarksService } from '../modules/benchmarks/benchmarks.service.ts';
import { createSeriesService } from '../modules/market-data/series.service.ts';
import { corporateActionsRoutes } from '../modules/corporate-actions/corporate-actions.routes.ts';
import { createCorporateActionsService } from '../modules/corporate-actions/corporate-actions.service.ts';
import { calendarRoutes } from '../modules/calendar/calendar.routes.ts';
import { createCalendarService } from '../modules/calendar/calendar.service.ts';
import { marketDataRoutes } from '../modules/market-data/market-data.routes.ts';
import { createMarketFetchService } from '../modules/market-data/market-fetch.ts';
import { tickerMappingsRoutes } from '../modules/ticker-mappings/ticker-mappings.routes.ts';
import { createTickerMappingsService } from '../modules/ticker-mappings/ticker-mappings.service.ts';
import { portfoliosRoutes } from '../modules/portfolios/portfolios.routes.ts';
import { createPortfoliosService } from '../modules/portfolios/portfolios.service.ts';
import { createUsersService } from '../modules/users/users.service.ts';
import { analysesRoutes } from '../modules/analyses/analyses.routes.ts';
import { cashFlowsRoutes } from '../modules/cash-flows/cash-flows.routes.ts';
import { createCashFlowsService } from '../modules/cash-flows/cash-flows.service.ts';
import { feeRatesRoutes } from '../modules/fee-rates/fee-rates.routes.ts';
import { createFeeRatesService } from '../modules/fee-rates/fee-rates.service.ts';
import { tefasFundsRoutes } from '../modules/tefas-funds/tefas-funds.routes.ts';
import { createTefasFundsService } from '../modules/tefas-funds/tefas-funds.service.ts';
import { varSettingsRoutes } from '../modules/var-settings/var-settings.routes.ts';
import { createVarSettingsService } from '../modules/var-settings/var-settings.service.ts';
import { varChangeRoutes } from '../modules/var-change/var-change.routes.ts';
import { createVarChangeService } from '../modules/var-change/var-change.service.ts';
import { rmdTrackingRoutes } from '../modules/rmd-tracking/rmd-tracking.routes.ts';
import { dataQualityRoutes } from '../modules/data-quality/data-quality.routes.ts';
import { createDataQualityService } from '../modules/data-quality/data-quality.service.ts';
import { internalAuditRoutes } from '../modules/internal-audit/internal-audit.routes.ts';
import { createCriteriaService } from '../modules/internal-audit/criteria.service.ts';
import { createBreachesService } from '../modules/internal-audit/breaches.service.ts';
import { preTradeRoutes } from '../modules/pre-trade/pre-trade.routes.ts';
import { createPreTradeService } from '../modules/pre-trade/pre-trade.service.ts';
import { createRmdTrackingService } from '../modules/rmd-tracking/rmd-tracking.service.ts';
import { ftpRoutes } from '../modules/ftp/ftp.routes.ts';
import { registerReports, type Reporting } from '../modules/reports/reports.module.ts';
import { createFtpService } from '../modules/ftp/ftp.service.ts';
import { createFtpPullQueue } from '../modules/ftp/ftp-jobs.ts';
import { createSecretBox } from '../modules/ftp/ftp-secrets.ts';
import { auditRoutes } from '../modules/audit/audit.routes.ts';
import { createAuditService } from '../modules/audit/audit.service.ts';
import { registerAccessControl } from './access.ts';
import { registerCompression } from './compression.ts';
import {
  DEFAULT_CONNECTION_LIMITS,
  MAX_JSON_BODY_BYTES,
  registerSecurityHeaders,
  serverFactory,
  type ConnectionLimits,
} from './hardening.ts';
import { registerInputGuard } from './input-guard.ts';
import { registerRequestContext } from './request-context.ts';
import { registerProblemDetails, sendRouteNotFound } from './problem-details.ts';
import { registerSpa } from './spa.ts';
import { registerXsrf, registerXsrfBinding } from './xsrf.ts';

// Validation messages zod writes itself (beyond the contracts' own) come out in Turkish.
z.config(z.locales.tr());

export interface ServerOptions {
  readonly db: Database;
  readonly jwtSecret: string;
  readonly jwtTtlSeconds: number;
  /** AES-256-GCM key (32 bytes) of stored connection secrets (config/env.ts resolveSecretsKey). */
  readonly secretsKey: Uint8Array;
  readonly login: LoginLimits;
  readonly cookieSecure?: boolean;
  /** Folder of the built SPA; when set, the server also serves the web app (production). */
  readonly webRoot?: string | null;
  readonly logger?: FastifyServerOptions['logger'];
  /** Wait before the first FTP retry (2 s; tests shorten it). */
  readonly ftpRetryBaseMs?: number;
  /** Keep-alive interval of the run event streams (tests shorten it). */
  readonly sseHeartbeatMs?: number;
  /**
   * Which proxies' X-Forwarded-For/-Proto to believe (`TRUST_PROXY`): false (default, the
   * socket address counts), true, a hop count, or addresses/CIDRs. The login lockout is keyed
   * on the resulting client address.
   */
  readonly trustProxy?: boolean | number | string;
  readonly connectionLimits?: ConnectionLimits;
  /**
   * Start the run queue's pg-boss when the server is ready rather than on the first run, so the
   * first run after start does not pay for it (`npm start`; tests leave pg-boss untouched).
   */
  readonly warmRunQueue?: boolean;
}

export const TRACE_HEADER = 'x-trace-id';

/** Fastify's setting for TRUST_PROXY; a hop count trusts that many proxies nearest the server. */
function trustProxySetting(
  value: boolean | number | string,
): boolean | string | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

/** The HTTP application without listening: tests inject requests into it, main.ts listens. */
export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    // The request id is the trace id: it is `reqId` on every log line and `traceId` in problems.
    genReqId: () => randomUUID(),
    trustProxy: trustProxySetting(options.trustProxy ?? false),
    bodyLimit: MAX_JSON_BODY_BYTES,
    serverFactory: serverFactory(options.connectionLimits ?? DEFAULT_CONNECTION_LIMITS),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Every response, errors included, names the trace id the log lines carry.
  app.addHook('onRequest', async (request, reply) => {
    void reply.header(TRACE_HEADER, request.id);
  });
  registerRequestContext(app);
  registerSecurityHeaders(app);
  registerProblemDetails(app);
  registerInputGuard(app);
  await app.register(fastifyCookie);
  const xsrf = { secure: options.cookieSecure ?? false, secret: options.jwtSecret };
  registerXsrf(app, xsrf);
  const tokens = createAccessTokens(options.jwtSecret, options.jwtTtlSeconds);
  registerAccessControl(app, tokens, options.db);
  registerXsrfBinding(app, xsrf);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Fonrisk API',
        version: '0.1.0',
        description: 'Fon risk analizi ve raporlama API’si',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  const { db } = options;
  const holder: { reporting?: Reporting } = {};
  await app.register(
    async (api) => {
      await registerCompression(api);
      await api.register(healthRoutes, { db });
      await api.register(authRoutes, { auth: createAuthService(db, tokens, options.login) });
      await api.register(usersRoutes, { users: createUsersService(db) });
      await api.register(blogRoutes, { blog: createBlogService(db) });
      await api.register(instrumentsRoutes, { instruments: createInstrumentsService(db) });
      await api.register(portfoliosRoutes, { portfolios: createPortfoliosService(db) });
      const imports = createImportsService(db);
      await api.register(importsRoutes, { imports });
      await api.register(importSettingsRoutes, {
        importSettings: createImportSettingsService(db),
      });
      // One file-delivery service: its pushFile is also what report modules call to send a
      // report to a connection's outbound folder.
      const ftp = createFtpService(db, {
        secrets: createSecretBox(options.secretsKey),
        imports,
        ...(options.ftpRetryBaseMs === undefined ? {} : { retryBaseMs: options.ftpRetryBaseMs }),
        log: (message, error) =>
          error === undefined ? app.log.info(message) : app.log.error({ err: error }, message),
      });
      const pulls = createFtpPullQueue(db, {
        onError: (error) => app.log.error({ err: error }, 'ftp pull queue'),
      });
      api.addHook('onClose', () => pulls.close());
      await api.register(ftpRoutes, { ftp, pulls });
      holder.reporting = await registerReports(api, { db, ftp });
      await api.register(marketDataRoutes, {
        db,
        fetcher: createMarketFetchService(db),
        series: createSeriesService(db),
      });
      await api.register(corporateActionsRoutes, {
        corporateActions: createCorporateActionsService(db),
      });
      await api.register(calendarRoutes, { calendar: createCalendarService(db) });
      await api.register(tickerMappingsRoutes, { mappings: createTickerMappingsService(db) });
      await api.register(benchmarksRoutes, { benchmarks: createBenchmarksService(db) });
      await api.register(analysesRoutes, {
        db,
        heartbeatMs: options.sseHeartbeatMs,
        warmQueue: options.warmRunQueue ?? false,
      });
      await api.register(varSettingsRoutes, { varSettings: createVarSettingsService(db) });
      await api.register(cashFlowsRoutes, { cashFlows: createCashFlowsService(db) });
      await api.register(feeRatesRoutes, { feeRates: createFeeRatesService(db) });
      await api.register(tefasFundsRoutes, { tefasFunds: createTefasFundsService(db) });
      await api.register(varChangeRoutes, { varChange: createVarChangeService(db) });
      const rmdTracking = createRmdTrackingService(db);
      await api.register(rmdTrackingRoutes, { rmdTracking });
      await api.register(stressScenariosRoutes, { scenarios: createStressScenariosService(db) });
      await api.register(auditRoutes, { audit: createAuditService(db) });
      await api.register(internalAuditRoutes, {
        db,
        criteria: createCriteriaService(db),
        breaches: createBreachesService(db),
      });
      await api.register(dataQualityRoutes, {
        dataQuality: createDataQualityService(db, {
          rmdTracking,
          breaches: createBreachesService(db),
        }),
      });
      await api.register(preTradeRoutes, { preTrade: createPreTradeService(db) });
    },
    { prefix: '/api' },
  );
  if (holder.reporting) app.decorate('reporting', holder.reporting);

  if (options.webRoot) await registerSpa(app, options.webRoot);
  else app.setNotFoundHandler(sendRouteNotFound);
  return app;
}
