import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/*
 * SQLite's WAL checkpoints, off the event loop. Left to itself, SQLite checkpoints inside the
 * commit that makes the WAL 1,000 pages long: it copies those pages into the database file and
 * syncs it on the writing connection, so the request whose commit it is, and (better-sqlite3 being
 * synchronous) every other request, waits for the disk: 30 to 110 ms on this project's CI machine,
 * measured during the hour blocks' expiry run (decision 030).
 *
 * Instead a worker thread, with a connection of its own, checkpoints when asked: after a commit,
 * at most every CHECKPOINT_EVERY_MS. The port asks holding the write turn, so that no write runs
 * beside it (a writer meeting a checkpoint under way would wait in SQLite's busy handler, a sleep on
 * the event loop); requests keep being served meanwhile, and writes wait their turn as they would
 * behind any transaction. When the checkpoint has copied the whole WAL, the worker also makes the
 * first write after it (the user_version set to itself), since that write starts the WAL over and
 * syncs its header. The writer keeps a checkpoint of its own only past a WAL of HARD_LIMIT_PAGES,
 * should the worker fail or fall behind, so the WAL stays bounded whatever happens.
 */

/** The writer's own checkpoint threshold, in pages: far past anything the worker leaves. */
export const HARD_LIMIT_PAGES = 10_000;
/** SQLite's own threshold, which the writer goes back to if the worker fails. */
export const SQLITE_DEFAULT_CHECKPOINT_PAGES = 1_000;
/**
 * The least time between two checkpoints: short enough that a burst of writes (the expiry run
 * writes some 10,000 pages a second) never reaches HARD_LIMIT_PAGES between two.
 */
export const CHECKPOINT_EVERY_MS = 200;

/** The worker, as CommonJS source run by worker_threads (eval), so it needs no build step of its own. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
parentPort.on('message', (message) => {
  if (message === 'checkpoint') {
    const [{ log, checkpointed }] = db.pragma('wal_checkpoint(PASSIVE)');
    // all of it copied: the next write starts the WAL over and syncs its header; make it this one
    if (log > 0 && checkpointed === log) db.pragma('user_version = ' + db.pragma('user_version', { simple: true }));
    parentPort.postMessage('done');
    return;
  }
  db.close();
  parentPort.close();
});
`;

export class BackgroundCheckpoints {
  private readonly worker: Worker;
  private readonly exited: Promise<void>;
  private failed = false;
  private lastStarted = -Infinity;
  private running: Promise<void> | undefined;
  private finish: (() => void) | undefined;

  /** Starts the worker on the database file; `onFailure` hears if it fails (checkpoints are then the writer's again). */
  constructor(file: string, onFailure: (error: Error) => void) {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    this.worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver } });
    // a process may end with the database open (a script, a test): the worker does not keep it alive
    this.worker.unref();
    this.worker.on('message', () => this.finish?.());
    this.worker.on('error', (error) => {
      this.failed = true;
      this.finish?.();
      onFailure(error);
    });
    this.exited = new Promise((resolve) => this.worker.once('exit', () => resolve()));
  }

  /** Whether a checkpoint may start now: none under way, none started within CHECKPOINT_EVERY_MS. */
  due(now = performance.now()): boolean {
    return !this.failed && this.running === undefined && now - this.lastStarted >= CHECKPOINT_EVERY_MS;
  }

  /** Checkpoints once; resolves when the worker is done (at once if it has failed). */
  checkpoint(): Promise<void> {
    if (this.failed) return Promise.resolve();
    this.running ??= new Promise<void>((resolve) => {
      this.lastStarted = performance.now();
      // awaited, the worker keeps the process alive until it answers
      this.worker.ref();
      this.finish = () => {
        this.worker.unref();
        this.finish = undefined;
        this.running = undefined;
        resolve();
      };
      this.worker.postMessage('checkpoint');
    });
    return this.running;
  }

  /** Stops the worker once any checkpoint under way is done, and closes its connection. */
  async close(): Promise<void> {
    await this.running;
    this.worker.ref();
    this.worker.postMessage('close');
    await this.exited;
  }
}
