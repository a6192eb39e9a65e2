import { Client, failureReason, isSuccess } from './http.js';
import { operations, pickOp, type Hit } from './load-mix.js';
import { seededRandom } from './random.js';
import type { Seeded } from './seed.js';
import { sampleRss } from './servers.js';
import { percentilesOf, type Percentiles } from './stats.js';

/*
 * --load: many clients at once for a fixed time, each looping over the weighted mix of load-mix.ts.
 * Bounded in time and per request; stops by itself.
 */

const REQUEST_TIMEOUT_MS = 60_000;

/** failures: how many times each distinct failure happened. */
export type KindStats = { kind: string; samples: number[]; errors: number; serverErrors: number; failures: Map<string, number> };

export type LoadResult = {
  clients: number;
  seconds: number;
  requests: number;
  errors: number;
  serverErrors: number;
  overall: Percentiles;
  kinds: (Omit<KindStats, 'samples'> & { latency: Percentiles; requests: number })[];
  /** The highest resident memory of a serving process. */
  peakRssMb: number;
  /** How many app processes served the clients (each client keeps to one). */
  processes: number;
};

export async function runLoad(options: {
  servers: { port: number; pid: number }[];
  seeded: Seeded;
  withDashboard: boolean;
  clients: number;
  seconds: number;
}): Promise<LoadResult> {
  const connections = options.servers.map((server) => new Client(server.port, Math.ceil(options.clients / options.servers.length)));
  const stats = new Map<string, KindStats>();
  const random = seededRandom(7);
  const hitOn = (client: Client): Hit => async (kind, call, keepBody = false) => {
    const answer = await client.send(call, { keepBody, timeoutMs: REQUEST_TIMEOUT_MS });
    const entry: KindStats = stats.get(kind) ?? { kind, samples: [], errors: 0, serverErrors: 0, failures: new Map<string, number>() };
    stats.set(kind, entry);
    if (isSuccess(answer)) entry.samples.push(answer.ms);
    else {
      entry.errors += 1;
      if (answer.status >= 500) entry.serverErrors += 1;
      const reason = failureReason(answer);
      entry.failures.set(reason, (entry.failures.get(reason) ?? 0) + 1);
    }
    return answer;
  };
  const ops = operations(options.seeded, options.withDashboard);
  const deadline = performance.now() + options.seconds * 1000;
  const rss = options.servers.map((server) => sampleRss(server.pid, 200));
  const started = performance.now();
  try {
    await Promise.all(
      Array.from({ length: options.clients }, async (_, n) => {
        const hit = hitOn(connections[n % connections.length]!);
        while (performance.now() < deadline) await pickOp(ops, random).run(hit, random);
      }),
    );
  } finally {
    for (const client of connections) client.close();
  }
  const peakRssMb = Math.max(...rss.map((sampler) => sampler.stop()));
  const all = [...stats.values()];
  const count = (pick: (entry: KindStats) => number) => all.reduce((sum, entry) => sum + pick(entry), 0);
  return {
    clients: options.clients,
    seconds: (performance.now() - started) / 1000,
    requests: count((entry) => entry.samples.length + entry.errors),
    errors: count((entry) => entry.errors),
    serverErrors: count((entry) => entry.serverErrors),
    overall: percentilesOf(all.flatMap((entry) => entry.samples)),
    kinds: all
      .sort((a, b) => a.kind.localeCompare(b.kind))
      .map(({ samples, ...entry }) => ({ ...entry, requests: samples.length + entry.errors, latency: percentilesOf(samples) })),
    peakRssMb,
    processes: options.servers.length,
  };
}
