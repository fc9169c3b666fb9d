/** Which outside service a connector talks to; named in every message the user sees. */
export type ConnectorSource = 'TCMB' | 'TEFAS';

/** Base of every connector failure; `message` is Turkish, for the user. */
export class ConnectorError extends Error {
  constructor(
    readonly source: ConnectorSource,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ConnectorError';
  }
}

export class ConnectorTimeoutError extends ConnectorError {
  constructor(source: ConnectorSource, url: string, timeoutMs: number) {
    super(source, `${source} ${timeoutMs} ms içinde yanıt vermedi (${url}).`);
    this.name = 'ConnectorTimeoutError';
  }
}

export class ConnectorNetworkError extends ConnectorError {
  constructor(source: ConnectorSource, url: string, cause: unknown) {
    super(source, `${source} sunucusuna bağlanılamadı (${url}).`, { cause });
    this.name = 'ConnectorNetworkError';
  }
}

export class ConnectorHttpError extends ConnectorError {
  constructor(
    source: ConnectorSource,
    readonly url: string,
    readonly status: number,
  ) {
    super(source, `${source} isteği HTTP ${status} hatası ile sonuçlandı (${url}).`);
    this.name = 'ConnectorHttpError';
  }
}

/** The answer arrived but is not what the documented format says (bad XML/JSON, missing fields). */
export class ConnectorFormatError extends ConnectorError {
  constructor(source: ConnectorSource, url: string, problem: string) {
    super(source, `${source} yanıtı beklenen biçimde değil (${url}): ${problem}.`);
    this.name = 'ConnectorFormatError';
  }
}

/** TEFAS answered with an error envelope (`errorCode` / `errorMessage`). */
export class TefasApiError extends ConnectorError {
  constructor(
    readonly url: string,
    readonly errorCode: string | null,
    readonly errorMessage: string,
  ) {
    super(
      'TEFAS',
      `TEFAS hata döndürdü (${url}): ${errorMessage || errorCode || 'bilinmeyen hata'}.`,
    );
    this.name = 'TefasApiError';
  }
}

/** TCMB published no bulletin on the requested day nor on the days walked back. */
export class FxRatesNotFoundError extends ConnectorError {
  constructor(
    readonly requestedDate: string,
    readonly daysWalkedBack: number,
  ) {
    super(
      'TCMB',
      `TCMB ${requestedDate} tarihinde ve önceki ${daysWalkedBack} günde kur yayımlamamış.`,
    );
    this.name = 'FxRatesNotFoundError';
  }
}

/** Both the TEFAS JSON API and the legacy endpoint failed for a period. */
export class TefasUnavailableError extends ConnectorError {
  constructor(
    readonly from: string,
    readonly to: string,
    readonly failures: readonly ConnectorError[],
  ) {
    super(
      'TEFAS',
      `TEFAS fon fiyatları ${from} - ${to} için alınamadı: ${failures.map((f) => f.message).join(' / ')}`,
    );
    this.name = 'TefasUnavailableError';
  }
}
