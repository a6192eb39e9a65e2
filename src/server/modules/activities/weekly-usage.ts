import { and, eq, sql } from 'drizzle-orm';
import { hundredthsToHours } from '../../../shared/hours.js';
import { USAGE_WEEKS, type WeekUsageDto } from '../../../shared/overview.js';
import type { Db } from '../../db.js';
import type { AppDeps } from '../../deps.js';
import { byPeriod, periodIndexSql, recentWeeks, withinPeriods, type Period } from '../../lib/periods.js';
import { readSettings } from '../settings/service.js';

/*
 * The Activities page's chart: per week of the provider's time zone, the hours the company used
 * (its completed TimeLog entries, which the ledger keeps negative) and the hours it bought (its
 * completed TimeAdd entries, whose hours count once the invoice is paid in full). One statement
 * over the company's range of the ledger's timeline index, which carries every column it reads.
 */
async function ledgerPerWeek(db: Db, companyId: string, weeks: readonly Period[]) {
  const { activities } = db.t;
  const period = periodIndexSql(activities.timeStamp, weeks);
  return db
    .select({
      period,
      used: sql<number>`-sum(case when ${activities.activityType} = 'TimeLog' then ${activities.hundredths} else 0 end)`.mapWith(Number),
      purchased: sql<number>`sum(case when ${activities.activityType} = 'TimeAdd' then ${activities.hundredths} else 0 end)`.mapWith(Number),
    })
    .from(activities)
    .where(and(eq(activities.companyId, companyId), withinPeriods(activities.timeStamp, weeks), eq(activities.status, 'completed')))
    // by the first column, the period: the same expression written again would bind its instants
    // again, and PostgreSQL would not know the two for one (SQLite reads GROUP BY 1 the same way)
    .groupBy(sql`1`);
}

/** The company's hours used and purchased per week, the last USAGE_WEEKS weeks, oldest first. */
export async function weeklyUsage(deps: AppDeps, companyId: string): Promise<WeekUsageDto[]> {
  const { timeZone } = await readSettings(deps.config, deps.db);
  const weeks = recentWeeks(timeZone, deps.clock.now(), USAGE_WEEKS);
  const rows = byPeriod(await ledgerPerWeek(deps.db, companyId, weeks));
  return weeks.map((week, index) => ({
    weekStart: week.label,
    usedHours: hundredthsToHours(rows.get(index)?.used ?? 0),
    purchasedHours: hundredthsToHours(rows.get(index)?.purchased ?? 0),
  }));
}
