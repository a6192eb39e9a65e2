// Time from spawning the compiled server to its first 200 on /api/openapi.json, on a fresh data
// folder and again on the same (now existing) one, with the server's CPU time until then and its
// resident memory once idle. Needs a build (npm run build). Linux only (reads /proc).
// Usage: node scripts/startup-time.mjs [--runs 3]
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const serverEntry = path.resolve(import.meta.dirname, '../dist/server/main.js');
const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;
const IDLE_WAIT_MS = 2_000;

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** user + system CPU time of a process so far, in ms (clock ticks are 1/100 s on Linux). */
function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function startOnce(dataDir) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [serverEntry], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error('the server exited before answering');
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/openapi.json`);
        await response.arrayBuffer();
        if (response.ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const readyMs = performance.now() - started;
    const cpu = cpuMs(child.pid);
    await new Promise((resolve) => setTimeout(resolve, IDLE_WAIT_MS));
    const rssKb = Number(execFileSync('ps', ['-o', 'rss=', '-p', String(child.pid)], { encoding: 'utf8' }).trim());
    return { readyMs, cpuMs: cpu, rssMb: rssKb / 1024 };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

if (!fs.existsSync(serverEntry)) throw new Error(`${serverEntry} is missing: npm run build`);
const results = { fresh: [], existing: [] };
for (let run = 0; run < runs; run++) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hourbank-startup-'));
  try {
    results.fresh.push(await startOnce(dataDir));
    results.existing.push(await startOnce(dataDir));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(`node ${path.relative(process.cwd(), serverEntry)}, ${runs} runs, load average ${os.loadavg().map((load) => load.toFixed(1)).join(' ')} on ${os.cpus().length} CPUs`);
for (const [kind, list] of Object.entries(results)) {
  const each = list.map((result) => `${Math.round(result.readyMs)}`).join(', ');
  console.log(
    `${kind.padEnd(9)} first 200 after ${Math.round(median(list.map((r) => r.readyMs)))} ms (runs: ${each}); ` +
      `server CPU ${Math.round(median(list.map((r) => r.cpuMs)))} ms; idle RSS ${median(list.map((r) => r.rssMb)).toFixed(1)} MB`,
  );
}
