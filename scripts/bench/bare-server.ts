// node --import tsx scripts/bench/bare-server.ts <spec.json>   (PORT and HOST from the environment)
// The floor the project is compared with: Fastify and the database driver alone (better-sqlite3, or
// node-postgres with a pool as large as the project's), no auth, no tRPC, no validation, answering
// each route by running the statements the project ran for that call (recorded by capture.ts),
// prepared once, and JSON-encoding their rows. /hello answers a constant.
import fs from 'node:fs';
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';
import type { CapturedStatement } from './capture.js';

export type BareServerSpec = { databasePath: string; databaseUrl?: string; routes: Record<string, CapturedStatement[]> };

const spec = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as BareServerSpec;
const app = Fastify({ logger: false });

app.get('/hello', async () => ({ hello: 'world' }));

if (spec.databaseUrl) {
  // the project's pool holds 10 connections; a statement is prepared once per connection by its name
  const pool = new pg.Pool({ connectionString: spec.databaseUrl, max: 10 });
  for (const [url, statements] of Object.entries(spec.routes)) {
    const queries = statements.map(({ sql, params, raw }, n) => ({ name: `bare${url.replace(/\W/g, '_')}_${n}`, text: sql, values: params, ...(raw ? { rowMode: 'array' as const } : {}) }));
    app.get(url, async () => {
      const client = await pool.connect();
      try {
        const answers = [];
        for (const query of queries) answers.push((await client.query(query)).rows);
        return answers;
      } finally {
        client.release();
      }
    });
  }
} else {
  const sqlite = new Database(spec.databasePath);
  for (const [url, statements] of Object.entries(spec.routes)) {
    const prepared = statements.map(({ sql, params, method, raw }) => {
      const statement = sqlite.prepare(sql);
      if (raw) statement.raw(true);
      return method === 'get' ? () => statement.get(...params) : () => statement.all(...params);
    });
    app.get(url, async () => prepared.map((run) => run()));
  }
}

await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
