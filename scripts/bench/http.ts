import http from 'node:http';
import zlib from 'node:zlib';

/*
 * The load generator's client: node:http with kept-alive connections, one Agent per level of
 * concurrency. It counts the bytes as they come off the socket (node:http never decompresses), so
 * "wire" is what a browser asking for gzip would download. Traffic goes to 127.0.0.1 only.
 */

export const HOST = '127.0.0.1';

export type Call = { method?: string; path: string; token?: string; body?: unknown };

export type Answer = {
  /** 0 when no answer came (connection refused, reset, timed out). */
  status: number;
  ms: number;
  wireBytes: number;
  headers: http.IncomingHttpHeaders;
  /** The decoded body, when asked for or when the answer is not a success. */
  body?: Buffer;
  error?: string;
};

export type SendOptions = { keepBody?: boolean; gzip?: boolean; timeoutMs?: number };

export class Client {
  private readonly agent: http.Agent;

  constructor(
    private readonly port: number,
    connections: number,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  }

  send(call: Call, { keepBody = false, gzip = false, timeoutMs = 120_000 }: SendOptions = {}): Promise<Answer> {
    const payload = call.body === undefined ? undefined : Buffer.from(JSON.stringify(call.body));
    const headers: Record<string, string> = { accept: 'application/json' };
    if (call.token) headers.jwttoken = call.token;
    if (gzip) headers['accept-encoding'] = 'gzip';
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(payload.length);
    }
    const started = performance.now();
    return new Promise((resolve) => {
      const failed = (error: Error) => resolve({ status: 0, ms: performance.now() - started, wireBytes: 0, headers: {}, error: error.message });
      const request = http.request(
        { host: HOST, port: this.port, method: call.method ?? 'GET', path: call.path, headers, agent: this.agent },
        (response) => {
          const chunks: Buffer[] = [];
          let wireBytes = 0;
          // a failure's body is kept to say what went wrong
          const keep = keepBody || (response.statusCode ?? 0) >= 300;
          response.on('data', (chunk: Buffer) => {
            wireBytes += chunk.length;
            if (keep) chunks.push(chunk);
          });
          response.on('error', failed);
          response.on('end', () => {
            const ms = performance.now() - started;
            const raw = keep ? Buffer.concat(chunks) : undefined;
            const body = raw && response.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(raw) : raw;
            resolve({ status: response.statusCode ?? 0, ms, wireBytes, headers: response.headers, body });
          });
        },
      );
      request.setTimeout(timeoutMs, () => request.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)));
      request.on('error', failed);
      request.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

export const isSuccess = (answer: Answer) => answer.status >= 200 && answer.status < 300;

/** What went wrong with an answer: its status and the start of its body, or why none came. */
export function failureReason(answer: Answer): string {
  if (answer.status === 0) return `no answer (${answer.error})`;
  return `${answer.status} ${answer.body?.toString('utf8').slice(0, 300) ?? ''}`.trim();
}

/** One line that says which call went wrong and how, for the report. */
export function describeFailure(call: Call, answer: Answer): string {
  return `${call.method ?? 'GET'} ${call.path} -> ${failureReason(answer)}`;
}
