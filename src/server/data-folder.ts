import path from 'node:path';
import type { Config } from './config.js';

/*
 * Start-up writes into the data folder (the database, its WAL, the link-signing key). When the
 * folder cannot be written, the person starting the server needs the folder and the reason, not
 * a stack trace: one sentence, then exit code 1.
 */

type Why = { reason: string; remedy: string };

const NOT_PERMITTED: Why = { reason: 'may not be written by the account the server runs as', remedy: 'give that account write access to it' };
const READ_ONLY: Why = { reason: 'is on a read-only file system', remedy: 'mount it writable' };
const FULL: Why = { reason: 'is on a full disk', remedy: 'make room on it' };

const WHY_BY_CODE: Record<string, Why> = {
  EROFS: READ_ONLY,
  EACCES: NOT_PERMITTED,
  EPERM: NOT_PERMITTED,
  ENOSPC: FULL,
  EDQUOT: FULL,
  SQLITE_FULL: FULL,
  SQLITE_CANTOPEN: NOT_PERMITTED,
};

function whyOf(code: string): Why | undefined {
  // SQLite's read-only refusals come in several kinds (SQLITE_READONLY_DIRECTORY, ..._DBMOVED, ...)
  return WHY_BY_CODE[code] ?? (code.startsWith('SQLITE_READONLY') ? NOT_PERMITTED : undefined);
}

const isWithin = (file: string, folder: string) => file === folder || file.startsWith(folder + path.sep);

/** The sentence that stops start-up when the error is a folder the server cannot write; undefined for any other error. */
export function unwritableFolderMessage(config: Config, error: unknown): string | undefined {
  const { code, path: failedPath } = (error ?? {}) as { code?: unknown; path?: unknown };
  const why = whyOf(String(code));
  if (!why) return undefined;
  const databaseFolder = path.dirname(path.resolve(config.databasePath));
  const dataFolder = path.resolve(config.dataDir);
  const failed = typeof failedPath === 'string' ? path.resolve(failedPath) : path.resolve(config.databasePath);
  // the database's own folder when DATABASE_PATH puts it outside the data folder
  const [kind, folder, setting] =
    isWithin(failed, databaseFolder) && !isWithin(databaseFolder, dataFolder)
      ? ['database folder', databaseFolder, 'DATABASE_PATH']
      : ['data folder', isWithin(failed, dataFolder) ? dataFolder : path.dirname(failed), 'DATA_DIR'];
  return `Hourbank cannot start: its ${kind} ${folder} ${why.reason}; ${why.remedy}, or set ${setting} to another folder.`;
}
