import { LIB_MESSAGES } from './messages.ts';

/** A failed call: the HTTP status, its text, the raw body and, when the body is JSON, its object. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly rawBody: string,
    readonly body: Record<string, unknown> | null,
  ) {
    super(LIB_MESSAGES.httpFailure(status, statusText));
    this.name = 'ApiError';
  }

  static async fromResponse(response: Response): Promise<ApiError> {
    const raw = await response.text().catch(() => '');
    let body: Record<string, unknown> | null = null;
    try {
      const parsed: unknown = JSON.parse(raw);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
        body = parsed as Record<string, unknown>;
      }
    } catch {
      body = null;
    }
    return new ApiError(response.status, response.statusText, raw, body);
  }

  static network(): ApiError {
    return new ApiError(0, '', '', null);
  }

  /** The problem's `detail`, or `Detail` as product-spec.md spells it. */
  get detail(): string | null {
    const value = this.body?.['detail'] ?? this.body?.['Detail'];
    return typeof value === 'string' && value !== '' ? value : null;
  }

  get traceId(): string | undefined {
    const value = this.body?.['traceId'];
    return typeof value === 'string' ? value : undefined;
  }

  get hasErrorsField(): boolean {
    return this.body !== null && 'errors' in this.body;
  }
}

/**
 * Which toast a failed call shows (product-spec.md section 8):
 * - `silent`: nothing (the no-parameter GETs);
 * - `detail`: the problem's detail (GET with parameters);
 * - `post`: the detail; else the HTTP message when the body has an `errors` field; else the raw body;
 * - `raw`: the raw body (Report-Key POST and DELETE).
 * A call that never reached the server shows the network message, except when silent.
 */
export type FailureRule = 'silent' | 'detail' | 'post' | 'raw';

export function failureMessage(error: ApiError, rule: FailureRule): string | null {
  if (rule === 'silent') return null;
  if (error.status === 0) return LIB_MESSAGES.networkError;
  const httpMessage = error.message;
  switch (rule) {
    case 'detail':
      return error.detail ?? httpMessage;
    case 'post':
      return error.detail ?? (error.hasErrorsField ? httpMessage : error.rawBody || httpMessage);
    case 'raw':
      return error.rawBody || httpMessage;
  }
}
