import type { TefasFundType } from '@fonrisk/contracts';
import { istanbulDateOfEpochMs, splitByMonths, toCompactDate, toDottedDate } from './dates.ts';
import {
  ConnectorError,
  ConnectorFormatError,
  TefasApiError,
  TefasUnavailableError,
} from './errors.ts';
import { RateLimiter, request, SYSTEM_CLOCK, type Clock, type FetchFn } from './http.ts';
import type { ConnectorSettings } from './settings.ts';

/** One fund's published values on one day. */
export interface FundPrice {
  readonly fundCode: string;
  readonly fundTitle: string;
  readonly date: string;
  /** Unit price (birim pay fiyatı), TRY. */
  readonly price: number;
  readonly sharesOutstanding: number | null;
  readonly investorCount: number | null;
  /** Fund total value (portföy büyüklüğü), TRY. */
  readonly totalValue: number | null;
}

export interface FundPriceQuery {
  readonly from: string;
  readonly to: string;
  /** One fund, or every fund of the type when absent. */
  readonly fundCode?: string;
  readonly fundType?: TefasFundType;
}

export interface FundPriceResult {
  readonly prices: FundPrice[];
  /** Which endpoint answered each period; 'legacy' means the JSON API failed for it. */
  readonly periods: readonly { from: string; to: string; endpoint: 'json' | 'legacy' }[];
}

export interface FundPriceSource {
  getFundPrices(query: FundPriceQuery): Promise<FundPriceResult>;
}

const NO_DATA = 'Index 0 out of bounds';

type Json = Record<string, unknown>;

function parseJson(text: string, url: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    const start = text.trimStart().slice(0, 40).replace(/\s+/g, ' ');
    throw new ConnectorFormatError('TEFAS', url, `geçerli JSON değil ('${start}…')`);
  }
}

/** Numbers as TEFAS sends them: JSON numbers, or strings with '.' or Turkish ',' decimals. */
export function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^-?\d+([.,]\d+)?$/.test(value.trim()))
    return Number(value.trim().replace(',', '.'));
  return null;
}

function fundPrice(
  item: unknown,
  url: string,
  fields: {
    code: string;
    title: string;
    price: string;
    shares: string;
    investors: string;
    total: string;
  },
  date: (item: Json) => string | null,
): FundPrice {
  if (typeof item !== 'object' || item === null)
    throw new ConnectorFormatError('TEFAS', url, 'kayıt bir nesne değil');
  const row = item as Json;
  const code = row[fields.code];
  if (typeof code !== 'string' || code.trim() === '')
    throw new ConnectorFormatError('TEFAS', url, `${fields.code} alanı yok`);
  const day = date(row);
  if (day === null)
    throw new ConnectorFormatError('TEFAS', url, `${code.trim()} için tarih alanı geçersiz`);
  const price = numberOf(row[fields.price]);
  if (price === null)
    throw new ConnectorFormatError(
      'TEFAS',
      url,
      `${code.trim()} ${day} için ${fields.price} alanı yok ya da sayı değil`,
    );
  return {
    fundCode: code.trim(),
    fundTitle: typeof row[fields.title] === 'string' ? (row[fields.title] as string).trim() : '',
    date: day,
    price,
    sharesOutstanding: numberOf(row[fields.shares]),
    investorCount: numberOf(row[fields.investors]),
    totalValue: numberOf(row[fields.total]),
  };
}

/**
 * The records of a new-API answer: the `{ errorCode, errorMessage, resultList }` envelope, with
 * "Index 0 out of bounds" read as no data and any other error raised as TefasApiError.
 */
export function tefasResultList(text: string, url: string): unknown[] {
  const body = parseJson(text, url);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ConnectorFormatError('TEFAS', url, 'yanıt zarfı bir nesne değil');
  }
  const { errorCode, errorMessage, resultList } = body as Json;
  const message = typeof errorMessage === 'string' ? errorMessage.trim() : '';
  if (message.includes(NO_DATA)) return [];
  const code =
    typeof errorCode === 'string' || typeof errorCode === 'number'
      ? ['', '0'].includes(String(errorCode))
        ? null
        : String(errorCode)
      : errorCode === null || errorCode === undefined
        ? null
        : JSON.stringify(errorCode);
  if (message !== '' || code !== null) throw new TefasApiError(url, code, message);
  if (!Array.isArray(resultList))
    throw new ConnectorFormatError('TEFAS', url, 'resultList alanı yok');
  return resultList as unknown[];
}

/** Reads a `fonGnlBlgSiraliGetir` answer: the envelope, "Index 0 out of bounds" as no data. */
export function parseTefasJsonPrices(text: string, url: string): FundPrice[] {
  const resultList = tefasResultList(text, url);
  const fields = {
    code: 'fonKodu',
    title: 'fonUnvan',
    price: 'fiyat',
    shares: 'tedPaySayisi',
    investors: 'kisiSayisi',
    total: 'portfoyBuyukluk',
  };
  return resultList.map((item) =>
    fundPrice(item, url, fields, (row) => {
      const day = typeof row.tarih === 'string' ? row.tarih.slice(0, 10) : '';
      return /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null;
    }),
  );
}

/** Reads a legacy `BindHistoryInfo` answer; TARIH is epoch milliseconds as a string (Istanbul day). */
export function parseTefasLegacyPrices(text: string, url: string): FundPrice[] {
  const body = parseJson(text, url);
  const data = typeof body === 'object' && body !== null ? (body as Json).data : undefined;
  if (!Array.isArray(data)) throw new ConnectorFormatError('TEFAS', url, 'data alanı yok');
  const fields = {
    code: 'FONKODU',
    title: 'FONUNVAN',
    price: 'FIYAT',
    shares: 'TEDPAYSAYISI',
    investors: 'KISISAYISI',
    total: 'PORTFOYBUYUKLUK',
  };
  return data.map((item) =>
    fundPrice(item, url, fields, (row) => {
      const ms =
        typeof row.TARIH === 'string' || typeof row.TARIH === 'number'
          ? Number(row.TARIH)
          : Number.NaN;
      return Number.isFinite(ms) ? istanbulDateOfEpochMs(ms) : null;
    }),
  );
}

/**
 * TEFAS fund prices: the JSON API first, the legacy endpoint for any period the JSON API fails
 * on. Periods longer than `maxMonthsPerRequest` are split; every request (including the legacy
 * session page) passes one rate limiter.
 */
export class TefasFundPriceSource implements FundPriceSource {
  private readonly limiter: RateLimiter;
  private sessionCookie: string | null = null;

  constructor(
    private readonly settings: ConnectorSettings['tefas'],
    private readonly fetchFn: FetchFn = fetch,
    clock: Clock = SYSTEM_CLOCK,
  ) {
    this.limiter = new RateLimiter(settings.requestsPerMinute, clock);
  }

  async getFundPrices(query: FundPriceQuery): Promise<FundPriceResult> {
    if (query.from > query.to)
      throw new RangeError(`Başlangıç tarihi bitişten sonra: ${query.from} > ${query.to}.`);
    const prices: FundPrice[] = [];
    const periods: { from: string; to: string; endpoint: 'json' | 'legacy' }[] = [];
    for (const period of splitByMonths(query.from, query.to, this.settings.maxMonthsPerRequest)) {
      const part = { ...query, ...period };
      try {
        prices.push(...(await this.fromJsonApi(part)));
        periods.push({ ...period, endpoint: 'json' });
      } catch (jsonError) {
        if (!(jsonError instanceof ConnectorError) || !this.settings.useLegacyFallback)
          throw jsonError;
        try {
          prices.push(...(await this.fromLegacy(part)));
          periods.push({ ...period, endpoint: 'legacy' });
        } catch (legacyError) {
          if (!(legacyError instanceof ConnectorError)) throw legacyError;
          throw new TefasUnavailableError(toDottedDate(period.from), toDottedDate(period.to), [
            jsonError,
            legacyError,
          ]);
        }
      }
    }
    return { prices, periods };
  }

  private url(base: string, path: string): string {
    return new URL(path, base.endsWith('/') ? base : `${base}/`).href;
  }

  private origin(): string {
    return new URL(this.settings.baseUrl).origin;
  }

  private async fromJsonApi(q: FundPriceQuery): Promise<FundPrice[]> {
    const url = this.url(this.settings.baseUrl, 'fonGnlBlgSiraliGetir');
    // Every key is required by the endpoint; a missing one answers with a NullPointerException.
    const body = {
      fonTipi: q.fundType ?? 'YAT',
      fonKodu: q.fundCode ?? null,
      aramaMetni: null,
      fonTurKod: null,
      fonGrubu: null,
      sfonTurKod: null,
      fonTurAciklama: null,
      kurucuKod: null,
      basTarih: toCompactDate(q.from),
      bitTarih: toCompactDate(q.to),
      basSira: 1,
      bitSira: 100000,
      dil: 'TR',
      sFonTurKod: '',
      fonKod: '',
      fonGrup: '',
      fonUnvanTip: '',
    };
    await this.limiter.acquire();
    const response = await request(this.fetchFn, 'TEFAS', url, {
      method: 'POST',
      timeoutMs: this.settings.timeoutMs,
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        Origin: this.origin(),
        Referer: `${this.origin()}/`,
      },
      body: JSON.stringify(body),
    });
    return parseTefasJsonPrices(await response.text(), url);
  }

  private async session(): Promise<string | null> {
    if (this.sessionCookie !== null || this.settings.legacySessionUrl === null)
      return this.sessionCookie;
    await this.limiter.acquire();
    const response = await request(this.fetchFn, 'TEFAS', this.settings.legacySessionUrl, {
      timeoutMs: this.settings.timeoutMs,
    });
    await response.body?.cancel();
    this.sessionCookie = response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0] ?? '')
      .filter((c) => c !== '')
      .join('; ');
    return this.sessionCookie;
  }

  private async fromLegacy(q: FundPriceQuery): Promise<FundPrice[]> {
    const url = this.url(this.settings.legacyBaseUrl, 'BindHistoryInfo');
    const cookie = await this.session();
    const form = new URLSearchParams({
      fontip: q.fundType ?? 'YAT',
      sfontur: '',
      fonkod: q.fundCode ?? '',
      fongrup: '',
      bastarih: toDottedDate(q.from),
      bittarih: toDottedDate(q.to),
      fonturkod: '',
      fonunvantip: '',
    });
    const headers: Record<string, string> = {
      'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8',
      Accept: 'application/json, text/javascript, */*; q=0.01',
      'X-Requested-With': 'XMLHttpRequest',
      Origin: new URL(this.settings.legacyBaseUrl).origin,
      Referer: this.settings.legacySessionUrl ?? `${new URL(this.settings.legacyBaseUrl).origin}/`,
    };
    if (cookie) headers.Cookie = cookie;
    await this.limiter.acquire();
    const response = await request(this.fetchFn, 'TEFAS', url, {
      method: 'POST',
      timeoutMs: this.settings.timeoutMs,
      headers,
      body: form.toString(),
    });
    return parseTefasLegacyPrices(await response.text(), url);
  }
}
