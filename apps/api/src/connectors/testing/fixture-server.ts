import { readFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Test support: a local HTTP server on 127.0.0.1 (port chosen by the system) that answers from
 * recorded responses, and records what the connector sent.
 */
export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

export interface FixtureResponse {
  readonly status?: number;
  readonly headers?: Readonly<Record<string, string | string[]>>;
  readonly body?: string;
  /** Wait this long before answering (for timeouts). */
  readonly delayMs?: number;
}

export type FixtureRoute = (request: RecordedRequest) => FixtureResponse | Promise<FixtureResponse>;

export interface FixtureServer {
  /** e.g. http://127.0.0.1:41234/ */
  readonly baseUrl: string;
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function startFixtureServer(route: FixtureRoute): Promise<FixtureServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      void Promise.resolve(route(recorded)).then(async (answer) => {
        if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
        if (res.destroyed) return;
        res.writeHead(answer.status ?? 200, answer.headers ?? {});
        res.end(answer.body ?? '');
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The text of a recorded response under connectors/fixtures/. */
export function fixture(path: string): Promise<string> {
  return readFile(new URL(`../fixtures/${path}`, import.meta.url), 'utf8');
}
