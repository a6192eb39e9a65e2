import { Client, describeFailure, type Call } from './http.js';
import { runClients } from './latency.js';

/** Requests per second over a fixed time at a fixed number of kept-alive connections. */

export const THROUGHPUT = { connections: 20, warmUpMs: 2_000 };

export type Throughput = { rps: number; requests: number; failure?: string };

export async function requestsPerSecond(port: number, call: Call, measureMs: number): Promise<Throughput> {
  const client = new Client(port, THROUGHPUT.connections);
  const send = () => client.send(call);
  try {
    // the same twenty connections first, so the figure is the steady state of a server that has
    // compiled its hot paths (the calls measured here answer in milliseconds, so none queues for long)
    const warmUp = await runClients(THROUGHPUT.connections, Number.POSITIVE_INFINITY, THROUGHPUT.warmUpMs, send);
    if (warmUp.failure) return { rps: 0, requests: 0, failure: describeFailure(call, warmUp.failure) };
    const started = performance.now();
    const runs = await runClients(THROUGHPUT.connections, Number.POSITIVE_INFINITY, measureMs, send);
    const seconds = (performance.now() - started) / 1000;
    if (runs.failure) return { rps: 0, requests: runs.samples.length, failure: describeFailure(call, runs.failure) };
    return { rps: runs.samples.length / seconds, requests: runs.samples.length };
  } finally {
    client.close();
  }
}
