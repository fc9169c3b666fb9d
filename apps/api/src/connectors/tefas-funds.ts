import type { TefasFundType } from '@fonrisk/contracts';
import { ConnectorFormatError } from './errors.ts';
import { RateLimiter, request, SYSTEM_CLOCK, type Clock, type FetchFn } from './http.ts';
import type { ConnectorSettings } from './settings.ts';
import { numberOf, tefasResultList } from './tefas.ts';

/** One fund of the TEFAS fund list (`fonGetiriBazliBilgiGetir`, regulation-and-methods §8.2). */
export interface TefasFundListItem {
  readonly fundCode: string;
  readonly title: string;
  /** TEFAS's category text (fonTurAciklama), e.g. "Hisse Senedi Fonu". */
  readonly category: string | null;
  readonly founderCode: string | null;
  /** The published SPK risk value (riskDegeri, 1–7), when the list carries one. */
  readonly riskValue: number | null;
}

/** A fund's profile (`fonProfilBilgiGetir`): its ISIN and the official risk value. */
export interface TefasFundProfile {
  readonly fundCode: string;
  readonly isinCode: string | null;
  readonly riskValue: number | null;
}

const text = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : null;

/** A risk value as TEFAS sends it (number or string); null unless an integer 1–7. */
function riskValueOf(v: unknown): number | null {
  const n = numberOf(v);
  return n !== null && Number.isInteger(n) && n >= 1 && n <= 7 ? n : null;
}

function record(item: unknown, url: string): Record<string, unknown> {
  if (typeof item !== 'object' || item === null)
    throw new ConnectorFormatError('TEFAS', url, 'kayıt bir nesne değil');
  return item as Record<string, unknown>;
}

/** Reads a `fonGetiriBazliBilgiGetir` answer: every fund of the type with its risk value. */
export function parseTefasFundList(body: string, url: string): TefasFundListItem[] {
  return tefasResultList(body, url).map((item) => {
    const row = record(item, url);
    const fundCode = text(row.fonKodu);
    if (fundCode === null) throw new ConnectorFormatError('TEFAS', url, 'fonKodu alanı yok');
    return {
      fundCode,
      title: text(row.fonUnvan) ?? fundCode,
      category: text(row.fonTurAciklama),
      founderCode: text(row.kurucuKod),
      riskValue: riskValueOf(row.riskDegeri),
    };
  });
}

/**
 * Reads a `fonProfilBilgiGetir` answer (one record, which names no fund code: it is the asked
 * one); null when TEFAS has no such fund.
 */
export function parseTefasFundProfile(
  body: string,
  url: string,
  fundCode: string,
): TefasFundProfile | null {
  const [first] = tefasResultList(body, url);
  if (first === undefined) return null;
  const row = record(first, url);
  return { fundCode, isinCode: text(row.isinKodu), riskValue: riskValueOf(row.riskDegeri) };
}

/**
 * The TEFAS fund list and fund profiles through the new JSON API (`/api/funds/`), one rate
 * limiter for every request. There is no legacy fallback: the legacy API has no profile call.
 */
export class TefasFundInfoSource {
  private readonly limiter: RateLimiter;

  constructor(
    private readonly settings: ConnectorSettings['tefas'],
    private readonly fetchFn: FetchFn = fetch,
    clock: Clock = SYSTEM_CLOCK,
  ) {
    this.limiter = new RateLimiter(settings.requestsPerMinute, clock);
  }

  private async post(path: string, body: object): Promise<{ text: string; url: string }> {
    const base = this.settings.baseUrl;
    const url = new URL(path, base.endsWith('/') ? base : `${base}/`).href;
    const origin = new URL(base).origin;
    await this.limiter.acquire();
    const response = await request(this.fetchFn, 'TEFAS', url, {
      method: 'POST',
      timeoutMs: this.settings.timeoutMs,
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        Origin: origin,
        Referer: `${origin}/`,
      },
      body: JSON.stringify(body),
    });
    return { text: await response.text(), url };
  }

  /** Every fund of the type (default YAT) with its category and published risk value. */
  async getFundList(fundType: TefasFundType = 'YAT'): Promise<TefasFundListItem[]> {
    const { text: body, url } = await this.post('fonGetiriBazliBilgiGetir', {
      fonTipi: fundType,
      dil: 'TR',
      calismaTipi: 2,
      donemGetiri1a: '1',
      donemGetiri3a: '1',
      donemGetiri6a: '1',
      donemGetiriyb: '1',
      donemGetiri1y: '1',
      donemGetiri3y: '1',
      donemGetiri5y: '1',
    });
    return parseTefasFundList(body, url);
  }

  /** One fund's profile with its official risk value (riskDegeri). */
  async getFundProfile(fundCode: string): Promise<TefasFundProfile | null> {
    const { text: body, url } = await this.post('fonProfilBilgiGetir', {
      fonKodu: fundCode,
      dil: 'TR',
    });
    return parseTefasFundProfile(body, url, fundCode);
  }
}
