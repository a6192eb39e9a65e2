import type { FastifyBaseLogger } from 'fastify';

type RepeatingOptions = {
  /** What the work is, for the log. */
  name: string;
  everyMs: number;
  work: () => Promise<unknown>;
  logger?: Pick<FastifyBaseLogger, 'error'>;
};

/**
 * Work run once at start and then every `everyMs`, one run at a time: a run that fails is logged
 * and the next one tries again. The work itself must be safe to repeat and to run in several
 * processes at once (each process runs its own); the timer never keeps the process alive.
 */
export class Repeating {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;

  constructor(private readonly options: RepeatingOptions) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    void this.tick();
  }

  /** Stops the timer and waits for a run in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private async tick(): Promise<void> {
    this.running = this.options.work().then(
      () => undefined,
      (error: unknown) => this.options.logger?.error({ err: error, work: this.options.name }, `${this.options.name} failed; it runs again in ${this.options.everyMs / 60_000} minutes`),
    );
    await this.running;
    this.running = undefined;
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.tick(), this.options.everyMs);
    this.timer.unref();
  }
}
