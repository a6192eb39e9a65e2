import zlib from 'node:zlib';
import type { BenchCall } from './calls.js';
import type { Budget } from './options.js';
import { Client, describeFailure, isSuccess, type Answer, type Call } from './http.js';
import { sampleRss } from './servers.js';
import { percentilesOf, type Percentiles } from './stats.js';

/*
 * Latency of each call at 1 client (sequential) and at 20 concurrent clients, with the size of
 * its answer. Every run is bounded in count and in time, so today's whole-table answers finish too.
 */

/** A call this slow alone would only queue up at 20 clients. */
export const TOO_SLOW_FOR_CONCURRENCY_MS = 2_000;
const WARM_UP = { requests: 5, maxMs: 3_000 };

export type Sizes = {
  /** Items in the answer when it is a JSON array. */
  rows: number | undefined;
  /** X-Total-Count, when the call pages; with a + when X-Total-Count-Capped says the count stopped at its cap. */
  total: string | undefined;
  bodyBytes: number;
  /** Downloaded when asking for gzip; equals bodyBytes when the server does not compress. */
  wireBytes: number;
  contentEncoding: string | undefined;
  /** What gzip (level 6) would make of the body. */
  gzipBytes: number;
};

export type CallResult = {
  call: BenchCall;
  outcome: 'ok' | 'n/a' | 'broken';
  /** Why it is n/a or broken. */
  note?: string;
  sizes?: Sizes;
  one?: Percentiles;
  many?: Percentiles | 'skipped';
  peakRssMb?: number;
};

type Runs = { samples: number[]; failure?: Answer };

/** `clients` loops, each sending up to `requestsEach`, none starting a request after maxMs. */
export async function runClients(clients: number, requestsEach: number, maxMs: number, send: () => Promise<Answer>): Promise<Runs> {
  const deadline = performance.now() + maxMs;
  const samples: number[] = [];
  let failure: Answer | undefined;
  const loop = async () => {
    for (let i = 0; i < requestsEach && !failure && performance.now() < deadline; i += 1) {
      const answer = await send();
      if (isSuccess(answer)) samples.push(answer.ms);
      else failure ??= answer;
    }
  };
  await Promise.all(Array.from({ length: clients }, loop));
  return { samples, failure };
}

async function measureSizes(client: Client, call: Call): Promise<{ sizes?: Sizes; failure?: Answer }> {
  const plain = await client.send(call, { keepBody: true });
  if (!isSuccess(plain)) return { failure: plain };
  const zipped = await client.send(call, { gzip: true });
  if (!isSuccess(zipped)) return { failure: zipped };
  const body = plain.body!;
  let rows: number | undefined;
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    rows = Array.isArray(parsed) ? parsed.length : undefined;
  } catch {
    rows = undefined;
  }
  const total = plain.headers['x-total-count'];
  const capped = plain.headers['x-total-count-capped'] === 'true' ? '+' : '';
  return {
    sizes: {
      rows,
      total: total === undefined ? undefined : `${Array.isArray(total) ? total[0] : total}${capped}`,
      bodyBytes: body.length,
      wireBytes: zipped.wireBytes,
      contentEncoding: zipped.headers['content-encoding'],
      gzipBytes: zlib.gzipSync(body).length,
    },
  };
}

/** Sizes, warm-up and the 1-client run of one call. */
export async function measureAlone(port: number, call: BenchCall, token: string, budget: Budget): Promise<CallResult> {
  const client = new Client(port, 1);
  const request: Call = { path: call.path, token };
  try {
    const { sizes, failure } = await measureSizes(client, request);
    if (failure) {
      if (call.kind === 'dashboard' && failure.status === 404) return { call, outcome: 'n/a', note: 'n/a (404)' };
      return { call, outcome: 'broken', note: describeFailure(request, failure) };
    }
    const send = () => client.send(request, { gzip: true });
    await runClients(1, WARM_UP.requests, WARM_UP.maxMs, send);
    const runs = await runClients(1, budget.oneClient.requests, budget.oneClient.maxMs, send);
    if (runs.failure) return { call, outcome: 'broken', sizes, note: describeFailure(request, runs.failure) };
    return { call, outcome: 'ok', sizes, one: percentilesOf(runs.samples) };
  } finally {
    client.close();
  }
}

/** The 20-client run of a call that answered alone, with the server's peak RSS meanwhile. */
export async function measureConcurrent(
  port: number,
  serverPid: number,
  result: CallResult,
  token: string,
  { manyClients }: Budget,
): Promise<CallResult> {
  if (result.outcome !== 'ok' || !result.one) return result;
  if (result.one.p50 > TOO_SLOW_FOR_CONCURRENCY_MS) return { ...result, many: 'skipped' };
  const client = new Client(port, manyClients.clients);
  const request: Call = { path: result.call.path, token };
  const rss = sampleRss(serverPid);
  try {
    const runs = await runClients(manyClients.clients, manyClients.requestsEach, manyClients.maxMs, () => client.send(request, { gzip: true }));
    const peakRssMb = rss.stop();
    if (runs.failure) return { ...result, outcome: 'broken', peakRssMb, note: describeFailure(request, runs.failure) };
    return { ...result, many: percentilesOf(runs.samples), peakRssMb };
  } finally {
    rss.stop();
    client.close();
  }
}
