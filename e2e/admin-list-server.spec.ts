import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { invoices } from '../drizzle/schema.js';
import { newId } from '../src/server/lib/ids.js';
import { createCompany } from '../src/server/testing/factories.js';
import { browserSuite } from './support/fixture.js';
import { columnValues, countCalls, eventually, holdCalls, listRows, main } from './support/page.js';

/*
 * The shared admin list drives the server: search, company filter, sort and paging are query
 * parameters of the list call, and the page on screen stays while the next one loads. The
 * Invoices List (/allinvoices) stands in for every admin screen built on it.
 */
const suite = browserSuite();
const LIST = 'superadmin.invoices.list';
const DAY = 86_400_000;

const rangeText = (page: Page) => main(page).getByText(/^\d+–\d+ of \d+$|^0 of 0$/);
const firstCells = (page: Page) => columnValues(page, 'Description');

/** Invoice rows written in one transaction, a few hundred to a statement. */
async function insertInvoices(rows: (typeof invoices.$inferInsert)[]) {
  await suite.db.transaction(async (tx) => {
    for (let start = 0; start < rows.length; start += 500) await tx.insert(tx.t.invoices).values(rows.slice(start, start + 500));
  });
}

/** A company of its own with `count` invoices 'Block 1'.. a day apart (Block N newest). */
async function companyWithInvoices(count: number) {
  const company = await createCompany(suite.db, { companyName: `Paging Co ${Math.random().toString(36).slice(2, 7)}` });
  const start = Date.UTC(2026, 0, 1);
  await insertInvoices(
    Array.from({ length: count }, (_, index) => {
      const i = index + 1;
      return { id: newId(), invoiceNumber: `P-${newId().slice(0, 8)}`, companyId: company.id, description: `Block ${i}`, priceCents: i * 100, transactionDate: new Date(start + i * DAY), createdAt: new Date() };
    }),
  );
  return company;
}

async function openFiltered(count: number) {
  const company = await companyWithInvoices(count);
  const { page } = await suite.signedInPage('superadmin');
  await page.goto('/allinvoices');
  const filter = page.getByRole('combobox', { name: 'Filter by Company' });
  await filter.click();
  await filter.fill(company.companyName);
  await page.getByRole('option', { name: company.companyName }).click();
  await eventually(async () => expect(await rangeText(page).textContent()).toBe(`1–25 of ${count}`));
  return { page, company };
}

describe('an admin list paged by the server', () => {
  it('says a total past the count cap is a lower bound, and pages on past it', async () => {
    const company = await createCompany(suite.db, { companyName: `Capped Co ${Math.random().toString(36).slice(2, 7)}` });
    await insertInvoices(
      Array.from({ length: 10_001 }, (_, index) => {
        const i = index + 1;
        return { id: newId(), invoiceNumber: `C-${newId().slice(0, 12)}`, companyId: company.id, description: `Block ${i}`, priceCents: 100, transactionDate: new Date(Date.UTC(2026, 0, 1) + i * 60_000), createdAt: new Date(0) };
      }),
    );
    const { page } = await suite.signedInPage('superadmin');
    await page.goto('/allinvoices');
    const filter = page.getByRole('combobox', { name: 'Filter by Company' });
    await filter.click();
    await filter.fill(company.companyName);
    await page.getByRole('option', { name: company.companyName }).click();
    await eventually(() => main(page).getByText('1–25 of 10,000+', { exact: true }).isVisible()).toBe(true);
    // the last page the capped count reached counts on, and finds the exact total
    await page.getByRole('button', { name: 'Page 400' }).click();
    await eventually(() => main(page).getByText('9,976–10,000 of 10,001', { exact: true }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Page 401' }).click();
    await eventually(async () => expect(await firstCells(page)).toEqual(['Block 1']));
  });

  it('shows one page and the total, and asks for the next page when it is chosen', async () => {
    const { page } = await openFiltered(60);
    expect(await listRows(page).count()).toBe(25);
    expect((await firstCells(page))[0]).toBe('Block 60');
    const calls = countCalls(page, LIST);
    await page.getByRole('button', { name: 'Page 3' }).click();
    await eventually(async () => {
      expect(await rangeText(page).textContent()).toBe('51–60 of 60');
      expect(await firstCells(page)).toEqual(Array.from({ length: 10 }, (_, i) => `Block ${10 - i}`));
    });
    expect(calls.count).toBe(1);
  });

  it('keeps the page on screen while the next one loads', async () => {
    const { page } = await openFiltered(30);
    const hold = await holdCalls(page, LIST);
    await page.getByRole('button', { name: 'Page 2' }).click();
    await eventually(() => expect(hold.held()).toBe(1));
    expect(await listRows(page).count()).toBe(25);
    expect((await firstCells(page))[0]).toBe('Block 30');
    hold.release();
    await eventually(async () => expect(await firstCells(page)).toEqual(['Block 5', 'Block 4', 'Block 3', 'Block 2', 'Block 1']));
  });

  it('searches on the server, from the first page', async () => {
    const { page } = await openFiltered(60);
    await page.getByRole('button', { name: 'Page 2' }).click();
    await eventually(async () => expect(await rangeText(page).textContent()).toBe('26–50 of 60'));
    await page.getByLabel('Search').fill('block 5');
    await eventually(async () => {
      expect(await rangeText(page).textContent()).toBe('1–11 of 11');
      expect(await firstCells(page)).toEqual(['Block 59', 'Block 58', 'Block 57', 'Block 56', 'Block 55', 'Block 54', 'Block 53', 'Block 52', 'Block 51', 'Block 50', 'Block 5']);
    });
  });

  it('waits for typing to pause before asking the server', async () => {
    const { page } = await openFiltered(30);
    const calls = countCalls(page, LIST);
    await page.getByLabel('Search').pressSequentially('block 12', { delay: 20 });
    await eventually(async () => expect(await rangeText(page).textContent()).toBe('1–1 of 1'));
    expect(calls.count).toBeLessThan('block 12'.length);
  });

  it('sorts on the server and goes back to the first page when the page size changes', async () => {
    const { page } = await openFiltered(40);
    await page.getByRole('button', { name: 'Price' }).click();
    await eventually(async () => expect((await firstCells(page))[0]).toBe('Block 1'));
    await page.getByRole('button', { name: 'Page 2' }).click();
    await eventually(async () => expect(await rangeText(page).textContent()).toBe('26–40 of 40'));
    await main(page).getByLabel('Rows per page', { exact: true }).click();
    await page.getByRole('option', { name: '10', exact: true }).click();
    await eventually(async () => {
      expect(await rangeText(page).textContent()).toBe('1–10 of 40');
      expect(await firstCells(page)).toHaveLength(10);
      expect((await firstCells(page))[0]).toBe('Block 1');
    });
  });
});
