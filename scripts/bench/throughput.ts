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

/** How many alternating rounds a comparison takes; its figures are the rounds' medians. */
export const COMPARISON_ROUNDS = 3;

export type Side = { port: number; call: Call };
export type Compared = { project: Throughput; bare: Throughput; ratio: number };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * The project against the bare server, measured in alternating rounds (project, bare, project, ...)
 * so that a neighbour's burst on a shared machine hits both sides alike; each figure is the median
 * of its rounds, and the ratio the median of the rounds' own ratios.
 */
export async function compareThroughput(project: Side, bare: Side, measureMs: number, rounds = COMPARISON_ROUNDS): Promise<Compared> {
  const projectRuns: Throughput[] = [];
  const bareRuns: Throughput[] = [];
  for (let round = 0; round < rounds; round += 1) {
    projectRuns.push(await requestsPerSecond(project.port, project.call, measureMs));
    bareRuns.push(await requestsPerSecond(bare.port, bare.call, measureMs));
  }
  const failed = [...projectRuns, ...bareRuns].find((run) => run.failure);
  const summary = (runs: Throughput[]): Throughput => ({
    rps: median(runs.map((run) => run.rps)),
    requests: runs.reduce((sum, run) => sum + run.requests, 0),
    ...(failed ? { failure: failed.failure } : {}),
  });
  const ratios = projectRuns.map((run, index) => run.rps / bareRuns[index]!.rps);
  return { project: summary(projectRuns), bare: summary(bareRuns), ratio: median(ratios) };
}
