import { z } from 'zod';

/**
 * Connector settings; the API stores them and passes them in. Base URLs live only here, never in
 * the calls. Defaults are the public addresses documented in regulation-and-methods.md 8.
 */
export const ConnectorSettingsSchema = z.object({
  tcmb: z.object({
    /** Folder holding today.xml and YYYYMM/DDMMYYYY.xml. */
    baseUrl: z.url(),
    /** How many earlier days to try when a dated file is missing (weekends, holidays). */
    maxWalkBackDays: z.number().int().min(0).max(31),
    timeoutMs: z.number().int().positive(),
  }),
  tefas: z.object({
    /** The JSON API folder (`…/api/funds/`). */
    baseUrl: z.url(),
    /** The legacy endpoint folder (`…/api/DB/`); used when the JSON API fails. */
    legacyBaseUrl: z.url(),
    /** Page whose session cookies the legacy endpoint expects; null to skip. */
    legacySessionUrl: z.url().nullable(),
    useLegacyFallback: z.boolean(),
    /** TEFAS throttles clients; observed limit about 6 per minute. */
    requestsPerMinute: z.number().positive(),
    /** Longest period asked in one request (the legacy endpoint answers at most about 3 months). */
    maxMonthsPerRequest: z.number().int().min(1).max(3),
    timeoutMs: z.number().int().positive(),
  }),
});
export type ConnectorSettings = z.infer<typeof ConnectorSettingsSchema>;

export const DEFAULT_CONNECTOR_SETTINGS: ConnectorSettings = {
  tcmb: {
    baseUrl: 'https://www.tcmb.gov.tr/kurlar/',
    maxWalkBackDays: 10,
    timeoutMs: 15_000,
  },
  tefas: {
    baseUrl: 'https://www.tefas.gov.tr/api/funds/',
    legacyBaseUrl: 'https://www.tefas.gov.tr/api/DB/',
    legacySessionUrl: 'https://www.tefas.gov.tr/TarihselVeriler.aspx',
    useLegacyFallback: true,
    requestsPerMinute: 6,
    maxMonthsPerRequest: 3,
    timeoutMs: 30_000,
  },
};
