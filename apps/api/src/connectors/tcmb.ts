import type { FxRateRow } from '@fonrisk/contracts';
import { addDays, fromDottedDate, toDottedDate } from './dates.ts';
import { ConnectorFormatError, ConnectorHttpError, FxRatesNotFoundError } from './errors.ts';
import { request, type FetchFn } from './http.ts';
import type { ConnectorSettings } from './settings.ts';
import { childElement, parseXml, XmlSyntaxError, type XmlElement } from './xml.ts';

/**
 * One currency of a TCMB bulletin. Forex and banknote rates are TRY per ONE unit (TCMB quotes
 * some currencies per `unit`, e.g. JPY per 100: divided here); null where TCMB leaves the value
 * empty (XDR has no banknote rates). Cross rates are as published (not per unit).
 */
export interface TcmbRate {
  readonly currency: string;
  readonly unit: number;
  readonly nameTr: string;
  readonly nameEn: string;
  readonly forexBuying: number | null;
  readonly forexSelling: number | null;
  readonly banknoteBuying: number | null;
  readonly banknoteSelling: number | null;
  readonly crossRateUsd: number | null;
  readonly crossRateOther: number | null;
}

/** A daily bulletin (gösterge niteliğindeki kurlar, set at 15:30 Istanbul time). */
export interface FxBulletin {
  /** The date asked for; null when today.xml was read. */
  readonly requestedDate: string | null;
  /** The bulletin's own date (earlier than requested after walking back over a holiday). */
  readonly date: string;
  readonly bulletinNo: string | null;
  readonly rates: readonly TcmbRate[];
}

export interface FxRateSource {
  /** The bulletin of `date`, or of the last business day before it; today's without a date. */
  getDailyRates(date?: string): Promise<FxBulletin>;
}

/** Rows for the FX-rates table (contracts FxRateRow); currencies with no forex rate are left out. */
export function bulletinToFxRateRows(bulletin: FxBulletin): FxRateRow[] {
  return bulletin.rates
    .filter((r) => r.forexBuying !== null || r.forexSelling !== null)
    .map((r) => ({
      currency: r.currency,
      date: bulletin.date,
      forexBuying: r.forexBuying,
      forexSelling: r.forexSelling,
      banknoteBuying: r.banknoteBuying,
      banknoteSelling: r.banknoteSelling,
    }));
}

const INVARIANT_DECIMAL = /^-?\d+(\.\d+)?$/;

/** Parses a TCMB bulletin document; throws ConnectorFormatError naming what is wrong. */
export function parseTcmbBulletin(
  xml: string,
  url: string,
  requestedDate: string | null,
): FxBulletin {
  const fail = (problem: string): never => {
    throw new ConnectorFormatError('TCMB', url, problem);
  };
  let root: XmlElement;
  try {
    root = parseXml(xml);
  } catch (error) {
    if (error instanceof XmlSyntaxError) return fail(`geçerli XML değil: ${error.message}`);
    throw error;
  }
  if (root.name !== 'Tarih_Date') fail(`kök öğe Tarih_Date değil (${root.name})`);
  const date =
    fromDottedDate(root.attributes.Tarih ?? '') ??
    fail(`Tarih özniteliği geçersiz ('${root.attributes.Tarih ?? ''}')`);
  const currencies = root.children.filter((c) => c.name === 'Currency');
  if (currencies.length === 0) fail('bültende hiç döviz yok');

  const rates = currencies.map((el): TcmbRate => {
    const code = el.attributes.CurrencyCode ?? el.attributes.Kod ?? '';
    if (!/^[A-Z]{3}$/.test(code)) fail(`geçersiz döviz kodu '${code}'`);
    const decimal = (name: string): number | null => {
      const child = childElement(el, name);
      if (!child) return fail(`${code} için ${name} öğesi yok`);
      const text = child.text.trim();
      if (text === '') return null;
      if (!INVARIANT_DECIMAL.test(text))
        return fail(`${code} ${name} değeri sayı değil ('${text}')`);
      return Number(text);
    };
    const unit = decimal('Unit');
    if (unit === null || unit <= 0 || !Number.isInteger(unit))
      fail(`${code} için birim (Unit) geçersiz`);
    const perUnit = (name: string) => {
      const v = decimal(name);
      return v === null ? null : v / (unit ?? 1);
    };
    return {
      currency: code,
      unit: unit ?? 1,
      nameTr: childElement(el, 'Isim')?.text.trim() ?? '',
      nameEn: childElement(el, 'CurrencyName')?.text.trim() ?? '',
      forexBuying: perUnit('ForexBuying'),
      forexSelling: perUnit('ForexSelling'),
      banknoteBuying: perUnit('BanknoteBuying'),
      banknoteSelling: perUnit('BanknoteSelling'),
      crossRateUsd: decimal('CrossRateUSD'),
      crossRateOther: decimal('CrossRateOther'),
    };
  });
  return { requestedDate, date, bulletinNo: root.attributes.Bulten_No?.trim() || null, rates };
}

/** `baseUrl` + YYYYMM/DDMMYYYY.xml for a date. */
export function tcmbArchivePath(date: string): string {
  const [y, m, d] = date.split('-');
  return `${y}${m}/${d}${m}${y}.xml`;
}

/** TCMB daily indicative rates from today.xml and the dated archive files. */
export class TcmbFxRateSource implements FxRateSource {
  constructor(
    private readonly settings: ConnectorSettings['tcmb'],
    private readonly fetchFn: FetchFn = fetch,
  ) {}

  async getDailyRates(date?: string): Promise<FxBulletin> {
    if (date === undefined) {
      const bulletin = await this.fetchBulletin('today.xml', null);
      if (!bulletin) throw new ConnectorHttpError('TCMB', this.url('today.xml'), 404);
      return bulletin;
    }
    if (fromDottedDate(toDottedDate(date)) !== date) {
      throw new RangeError(`Geçersiz tarih: ${date} (YYYY-AA-GG bekleniyor).`);
    }
    for (let back = 0; back <= this.settings.maxWalkBackDays; back++) {
      const bulletin = await this.fetchBulletin(tcmbArchivePath(addDays(date, -back)), date);
      if (bulletin) return bulletin;
    }
    throw new FxRatesNotFoundError(toDottedDate(date), this.settings.maxWalkBackDays);
  }

  private url(path: string): string {
    return new URL(
      path,
      this.settings.baseUrl.endsWith('/') ? this.settings.baseUrl : `${this.settings.baseUrl}/`,
    ).href;
  }

  /** The bulletin at `path`, or null when TCMB answers 404 (no bulletin that day). */
  private async fetchBulletin(
    path: string,
    requestedDate: string | null,
  ): Promise<FxBulletin | null> {
    const url = this.url(path);
    const response = await request(this.fetchFn, 'TCMB', url, {
      timeoutMs: this.settings.timeoutMs,
      headers: { Accept: 'application/xml, text/xml' },
      expectedStatuses: [404],
    });
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    return parseTcmbBulletin(await response.text(), url, requestedDate);
  }
}
