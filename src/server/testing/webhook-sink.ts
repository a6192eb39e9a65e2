import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/*
 * A local HTTP receiver for webhook tests: it keeps every request, answers with the status it is
 * set to, and can hold its answers (a receiver that hangs) until released.
 */

export type SinkRequest = { path: string; headers: Record<string, string>; body: string };

export type WebhookSink = {
  /** The sink's address on 127.0.0.1, with `path`. */
  url: (path?: string) => string;
  requests: SinkRequest[];
  /** The status answered from now on. */
  answer: (status: number) => void;
  /** Holds the answers to the requests that arrive from now on, until release(). */
  hold: () => void;
  /** Answers the requests that arrive from now on at once; those held stay held. */
  stopHolding: () => void;
  /** Answers every request held. */
  release: () => void;
  close: () => Promise<void>;
};

export async function startWebhookSink(): Promise<WebhookSink> {
  const requests: SinkRequest[] = [];
  let status = 200;
  let gate: Promise<void> | undefined;
  const openers: (() => void)[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      requests.push({ path: request.url ?? '/', headers, body: Buffer.concat(chunks).toString('utf8') });
      void (gate ?? Promise.resolve()).then(() => response.writeHead(status).end('ok'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    requests,
    answer: (next) => {
      status = next;
    },
    hold: () => {
      gate = new Promise((resolve) => openers.push(resolve));
    },
    stopHolding: () => {
      gate = undefined;
    },
    release: () => {
      for (const open of openers.splice(0)) open();
      gate = undefined;
    },
    close: () => {
      for (const open of openers.splice(0)) open();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The payload of a request, verified by the Standard Webhooks reference library as a receiver
 * would: it throws for a wrong signature. `at` is the receiver's clock, which the library checks
 * the signature's timestamp against (within 5 minutes).
 */
export function verifiedPayload(secret: string, request: SinkRequest, at: Date = new Date()): unknown {
  const realNow = Date.now;
  Date.now = () => at.getTime();
  try {
    return new Webhook(secret).verify(request.body, request.headers);
  } finally {
    Date.now = realNow;
  }
}
