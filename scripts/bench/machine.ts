import fs from 'node:fs';
import os from 'node:os';

/** The machine a run was made on, for the report: figures mean little without it. */
export function describeMachine(): string {
  const cpuinfo = fs.existsSync('/proc/cpuinfo') ? fs.readFileSync('/proc/cpuinfo', 'utf8') : '';
  const model = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1]?.trim() ?? os.cpus()[0]?.model ?? 'unknown CPU';
  const gib = (os.totalmem() / 1024 ** 3).toFixed(1);
  const [one, five] = os.loadavg();
  return `${os.availableParallelism()} CPUs (${model}), ${gib} GiB memory, node ${process.version}, ${os.type()} ${os.release()}; load average ${one!.toFixed(2)} / ${five!.toFixed(2)} (1 / 5 min) at the start`;
}
