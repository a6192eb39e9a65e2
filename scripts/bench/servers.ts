import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Client, HOST } from './http.js';

/*
 * The servers under test run in their own processes, started here and stopped here: the
 * project's the way `npm start` runs it, and the bare comparison server.
 */

export const ROOT = path.resolve(import.meta.dirname, '../..');
const COMPILED_MAIN = 'dist/server/main.js';
const SOURCE_MAIN = 'src/server/main.ts';

export type ServerCommand = { args: string[]; label: string; note?: string };

/**
 * What `npm start` runs, as node arguments: the compiled server when it is built, else the start
 * script's file (tsx becomes node's --import tsx loader, which is what the tsx binary does).
 */
export function projectServerCommand(root = ROOT): ServerCommand {
  const exists = (file: string) => fs.existsSync(path.join(root, file));
  if (exists(COMPILED_MAIN)) return { args: [COMPILED_MAIN], label: `node ${COMPILED_MAIN}` };
  const start = String((JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts?: Record<string, string> }).scripts?.start ?? '');
  const [runner, ...rest] = start.trim().split(/\s+/);
  const file = rest.find((word) => /\.[cm]?[jt]s$/.test(word));
  const fallback = { args: ['--import', 'tsx', SOURCE_MAIN], label: `node --import tsx ${SOURCE_MAIN}` };
  if (!file) return { ...fallback, note: `npm start runs "${start}", which the bench cannot read; running the sources` };
  if (!exists(file)) return { ...fallback, note: `npm start runs ${file}, which is not built (npm run build); running the sources` };
  if (runner === 'tsx') return { args: ['--import', 'tsx', ...rest], label: `node --import tsx ${rest.join(' ')}` };
  if (runner === 'node') return { args: rest, label: `node ${rest.join(' ')}` };
  return { ...fallback, note: `npm start runs "${start}"; running the sources instead` };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, HOST, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Resident memory of a process in MB, from /proc; NaN when it cannot be read (not Linux, or gone). */
export function rssMb(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** Samples a process's RSS until stopped; gives the peak. */
export function sampleRss(pid: number, everyMs = 50): { stop: () => number } {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, rssMb(pid));
    },
  };
}

export type RunningServer = {
  label: string;
  pid: number;
  port: number;
  /** From spawning the process to the first 200 of its ready path. */
  startupMs: number;
  /** The last lines it printed, for a report of what broke. */
  output: () => string;
  stop: () => Promise<void>;
};

const OUTPUT_LINES_KEPT = 40;
const START_TIMEOUT_MS = 60_000;

export async function startServer(options: {
  label: string;
  args: string[];
  env: Record<string, string>;
  readyPath: string;
}): Promise<RunningServer> {
  const port = await freePort();
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...options.env, PORT: String(port), HOST };
  const started = performance.now();
  const child = spawn(process.execPath, options.args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - OUTPUT_LINES_KEPT));
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const output = () => lines.join('\n');
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitUntilReady(child, port, options.readyPath);
  } catch (error) {
    await stopChild(child, exited);
    throw new Error(`${options.label} did not start: ${(error as Error).message}\n${output()}`);
  }
  return {
    label: options.label,
    pid: child.pid!,
    port,
    startupMs: performance.now() - started,
    output,
    stop: () => stopChild(child, exited),
  };
}

async function waitUntilReady(child: ChildProcess, port: number, readyPath: string): Promise<void> {
  const client = new Client(port, 1);
  const deadline = performance.now() + START_TIMEOUT_MS;
  try {
    while (performance.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`it exited with code ${child.exitCode}`);
      const answer = await client.send({ path: readyPath }, { timeoutMs: 10_000 });
      if (answer.status === 200) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no 200 from ${readyPath} within ${START_TIMEOUT_MS / 1000} s`);
  } finally {
    client.close();
  }
}

async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 5_000).unref());
  if ((await Promise.race([exited, timeout])) === 'timeout') {
    child.kill('SIGKILL');
    await exited;
  }
}
