import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrationsFolders } from '../../paths.js';
import { describe, expect, it } from 'vitest';

/*
 * Settlement stores Pending or Completed; whether an invoice is partly paid shows beside that word.
 * Invoices stored when a third word, Partially Paid, was kept are given Pending by a migration.
 */

describe('the migration to two stored status words', () => {
  it('stores Pending for an open invoice stored Partially Paid, and leaves every other status as it was', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hourbank-status-words-'));
    const sqlite = new Database(path.join(folder, 'old.db'));
    try {
      const migrations = migrationsFolders.sqlite;
      migrate(drizzle(sqlite), { migrationsFolder: migrationsBefore(migrations, folder, '0009_invoice_status_words') });
      const now = Date.now();
      sqlite.prepare('insert into companies (id, company_name, created_at) values (?, ?, ?)').run('acme', 'Acme', now);
      const invoice = sqlite.prepare(
        'insert into invoices (id, invoice_number, company_id, description, price_cents, paid_cents, status, complete_status, transaction_date, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      );
      invoice.run('partly', '2026-0001', 'acme', 'Partly paid', 10_000, 4_000, 'Partially Paid', 0, now, now);
      invoice.run('unpaid', '2026-0002', 'acme', 'Unpaid', 10_000, 0, 'Pending', 0, now, now);
      invoice.run('paid', '2026-0003', 'acme', 'Paid', 10_000, 10_000, 'Completed', 1, now, now);
      invoice.run('held', '2026-0004', 'acme', 'Imported', 10_000, 0, 'On hold', 0, now, now);

      migrate(drizzle(sqlite), { migrationsFolder: migrations });
      // eslint-disable-next-line no-restricted-syntax -- better-sqlite3's own statement on the migrated file, not a drizzle query
      expect(sqlite.prepare('select id, status from invoices order by invoice_number').all()).toEqual([
        { id: 'partly', status: 'Pending' },
        { id: 'unpaid', status: 'Pending' },
        { id: 'paid', status: 'Completed' },
        { id: 'held', status: 'On hold' },
      ]);
    } finally {
      sqlite.close();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});

/** A copy of the migrations folder that holds the migrations before `tag` (the schema as it stood then). */
function migrationsBefore(migrations: string, folder: string, tag: string): string {
  const copy = path.join(folder, 'migrations');
  fs.cpSync(migrations, copy, { recursive: true });
  const journalPath = path.join(copy, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const before = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(before, `migration ${tag}`).toBeGreaterThan(0);
  fs.writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, before) }));
  return copy;
}
