// node --import tsx scripts/bench/bare-server.ts <spec.json>   (PORT and HOST from the environment)
// The floor the project is compared with: Fastify and better-sqlite3 alone, no auth, no tRPC, no
// validation, answering each route by running the statements the project ran for that call
// (recorded by capture.ts), prepared once, and JSON-encoding their rows. /hello answers a constant.
import fs from 'node:fs';
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import type { CapturedStatement } from './capture.js';

export type BareServerSpec = { databasePath: string; routes: Record<string, CapturedStatement[]> };

const spec = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as BareServerSpec;
const sqlite = new Database(spec.databasePath);
const app = Fastify({ logger: false });

app.get('/hello', async () => ({ hello: 'world' }));

for (const [url, statements] of Object.entries(spec.routes)) {
  const prepared = statements.map(({ sql, params, method, raw }) => {
    const statement = sqlite.prepare(sql);
    if (raw) statement.raw(true);
    return method === 'get' ? () => statement.get(...params) : () => statement.all(...params);
  });
  app.get(url, async () => prepared.map((run) => run()));
}

await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
