import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WeekUsageDto } from '../../../shared/overview.js';
import { api, createTestApp, json, signedInUser, type TestApp } from '../../testing/app.js';
import { createCompany, purchasedHours, workedHours } from '../../testing/factories.js';
import { fullScans, statementPlans, withoutSettingsReads } from '../../testing/query-plans.js';
import { weeklyUsage } from './weekly-usage.js';
import { testEngine } from '../../testing/engine.js';

/** Query plans are SQLite's: on PostgreSQL these tests check the answers only. */
const onSqlite = testEngine() === 'sqlite';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Wednesday 11 March 2026 in New York; the clocks went forward on Sunday 8 March
  t.clock.set(new Date('2026-03-11T15:00:00Z'));
});
afterAll(() => t.close());

const usage = async (token: string) => {
  const response = await api(t.app, token).get('/activities/weekly');
  expect(response.statusCode, response.body).toBe(200);
  return json<WeekUsageDto[]>(response);
};

describe('GET /activities/weekly', () => {
  it("gives the caller's company's hours used and purchased per provider week, the last 12, oldest first", async () => {
    const company = await createCompany(t.deps.db);
    const other = await createCompany(t.deps.db);
    await workedHours(t.deps.db, company.id, 300, 'Sunday before the window', new Date('2025-12-22T04:59:00Z')); // Sunday 21 December 23:59 EST
    await workedHours(t.deps.db, company.id, 125, 'First Monday', new Date('2025-12-22T05:00:00Z'));
    await workedHours(t.deps.db, company.id, 200, 'Late Sunday', new Date('2026-03-09T03:59:00Z')); // Sunday 8 March 23:59 EDT
    await workedHours(t.deps.db, company.id, 50, 'This week', new Date('2026-03-10T14:00:00Z'));
    await purchasedHours(t.deps.db, company.id, 1000, 'Paid', new Date('2026-03-03T14:00:00Z'), true);
    await purchasedHours(t.deps.db, company.id, 4000, 'Not paid yet', new Date('2026-03-03T15:00:00Z'), false);
    await workedHours(t.deps.db, other.id, 999, 'Another company', new Date('2026-03-10T14:00:00Z'));
    await purchasedHours(t.deps.db, other.id, 999, 'Another company', new Date('2026-03-10T14:00:00Z'), true);
    const member = await signedInUser(t, { companyId: company.id, role: 'member' });

    const weeks = await usage(member.token);
    expect(weeks).toHaveLength(12);
    expect(weeks[0]).toEqual({ weekStart: '2025-12-22', usedHours: 1.25, purchasedHours: 0 });
    expect(weeks.at(-2)).toEqual({ weekStart: '2026-03-02', usedHours: 2, purchasedHours: 10 });
    expect(weeks.at(-1)).toEqual({ weekStart: '2026-03-09', usedHours: 0.5, purchasedHours: 0 });
    expect(weeks.slice(1, -2).every((week) => week.usedHours === 0 && week.purchasedHours === 0)).toBe(true);

    const otherMember = await signedInUser(t, { companyId: other.id, role: 'admin' });
    expect((await usage(otherMember.token)).at(-1)).toEqual({ weekStart: '2026-03-09', usedHours: 9.99, purchasedHours: 9.99 });
  });

  it('refuses the provider, who has no company', async () => {
    const boss = await signedInUser(t, { role: 'superadmin' });
    expect((await api(t.app, boss.token).get('/activities/weekly')).statusCode).toBe(403);
  });

  it.runIf(onSqlite)("reads the company's range of the ledger's timeline index, which carries every column it needs", async () => {
    const company = await createCompany(t.deps.db);
    const plans = withoutSettingsReads(await statementPlans(t.database, () => weeklyUsage(t.deps, company.id)));
    expect(plans).toHaveLength(1);
    expect(fullScans(plans, ['activities'])).toEqual([]);
    expect(plans[0]!.plan.join('\n')).toMatch(/SEARCH activities USING COVERING INDEX activities_timeline_idx \(company_id=\? AND time_stamp>\? AND time_stamp<\?\)/);
  });
});
