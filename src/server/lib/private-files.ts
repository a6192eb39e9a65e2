import fs from 'node:fs';

/*
 * The database, its WAL and shared-memory files, backups, keys and the outbox's .eml files hold
 * every customer's data, the means to sign links and live links: only the account the app runs as
 * may read them. SQLite creates the WAL
 * and shared-memory files with the database file's permissions, so narrowing the database is enough
 * for them; the files already there are narrowed too (installs from before this rule).
 */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_FOLDER_MODE = 0o700;

/** Creates the file (empty) readable by its owner only, or narrows it if it exists. */
export function makePrivateFile(filePath: string): void {
  fs.closeSync(fs.openSync(filePath, 'a', PRIVATE_FILE_MODE));
  fs.chmodSync(filePath, PRIVATE_FILE_MODE);
}

/** Narrows the file to its owner if it exists. */
export function narrowIfPresent(filePath: string): void {
  if (fs.existsSync(filePath)) fs.chmodSync(filePath, PRIVATE_FILE_MODE);
}

/** Creates the folder (and its parents) for the owner only; an existing folder is left as it is. */
export function makePrivateFolder(folder: string): void {
  fs.mkdirSync(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
}
