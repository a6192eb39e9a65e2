/*
 * The database as the services see it: the port (./database/port.ts), opened on SQLite
 * (./database/sqlite.ts) or PostgreSQL (./database/postgres.ts).
 */
export type { Database, Engine, Tx } from './database/port.js';
import type { Tx } from './database/port.js';

/** The database outside any transaction: reads, and the way into a transaction. */
export type Db = Tx;
