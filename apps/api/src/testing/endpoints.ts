import type { FastifyInstance } from 'fastify';

/** One operation of the OpenAPI document. */
export interface Endpoint {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** OpenAPI spelling, `/api/blog/posts/{id}`. */
  readonly path: string;
  readonly pathParams: readonly { readonly name: string; readonly type: string }[];
  readonly requiredQuery: readonly { readonly name: string; readonly type: string }[];
  /** Media types of the request body, empty without one. */
  readonly bodyTypes: readonly string[];
  /** The operation answers a server-sent event stream (kept open on success). */
  readonly stream: boolean;
}

interface OpenApiParameter {
  readonly in: string;
  readonly name: string;
  readonly required?: boolean;
  readonly schema?: { readonly type?: string };
}
interface OpenApiOperation {
  readonly parameters?: readonly OpenApiParameter[];
  readonly requestBody?: { readonly content: Record<string, unknown> };
  readonly responses?: Record<string, { readonly content?: Record<string, unknown> }>;
  readonly summary?: string;
}

/**
 * Every operation of the running server's OpenAPI document: the security tests iterate over
 * this list, so an endpoint added later is covered without touching them.
 */
export function listEndpoints(app: FastifyInstance): Endpoint[] {
  const doc = app.swagger() as { paths?: Record<string, Record<string, OpenApiOperation>> };
  const endpoints: Endpoint[] = [];
  for (const [path, operations] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(operations)) {
      const params = op.parameters ?? [];
      const responseTypes = Object.values(op.responses ?? {}).flatMap((r) =>
        Object.keys(r.content ?? {}),
      );
      endpoints.push({
        method: method.toUpperCase() as Endpoint['method'],
        path,
        pathParams: params
          .filter((p) => p.in === 'path')
          .map((p) => ({ name: p.name, type: p.schema?.type ?? 'string' })),
        requiredQuery: params
          .filter((p) => p.in === 'query' && p.required === true)
          .map((p) => ({ name: p.name, type: p.schema?.type ?? 'string' })),
        bodyTypes: Object.keys(op.requestBody?.content ?? {}),
        stream:
          responseTypes.includes('text/event-stream') ||
          /server-sent events|event stream|akış/i.test(op.summary ?? ''),
      });
    }
  }
  return endpoints;
}

/** The Fastify route spelling of an OpenAPI path: `{id}` → `:id`. */
export function routeUrl(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1');
}

/**
 * A concrete address for the endpoint that points at no existing record: integer ids and
 * strings that no demo or test data uses, so calls that pass the access check change nothing.
 */
export function sampleUrl(endpoint: Endpoint, pathValue?: (type: string) => string): string {
  const value = pathValue ?? ((type: string) => (type === 'integer' ? '987654' : 'YOK-987654'));
  let url = endpoint.path;
  for (const p of endpoint.pathParams) url = url.replace(`{${p.name}}`, value(p.type));
  const query = endpoint.requiredQuery
    .map((q) => {
      const v =
        q.type === 'integer'
          ? '987654'
          : /date|from|to|settlement/i.test(q.name)
            ? '2025-01-02'
            : 'x';
      return `${q.name}=${v}`;
    })
    .join('&');
  return query ? `${url}?${query}` : url;
}
