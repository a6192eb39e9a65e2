import { forecastWindow, runOutForecast, type Forecast } from '../../../shared/forecast.js';
import type { Tx } from '../../db.js';
import type { AppDeps } from '../../deps.js';
import { zoneCalendar } from '../../lib/zone-calendar.js';
import { liveBlocksOf } from '../activities/blocks.js';
import { hoursUsedBetween } from '../activities/usage.js';
import { readSettings } from '../settings/service.js';

type Balance = { id: string; balanceHundredths: number };

/**
 * The run-out forecast of each company, from its balance and the hours it used in the last 8 whole
 * weeks of the provider's calendar (its time zone, from the settings the caller has read), in one
 * read of the ledger for all of them, and its blocks of hours that expire (one read for all of them).
 */
export async function forecastsOf(
  deps: Pick<AppDeps, 'clock'>,
  tx: Tx,
  companies: readonly Balance[],
  timeZone: string,
): Promise<Map<string, Forecast | null>> {
  const calendar = zoneCalendar(timeZone);
  const today = calendar.dayOf(deps.clock.now().getTime());
  const window = forecastWindow(today);
  const ids = companies.map((company) => company.id);
  const used = await hoursUsedBetween(tx, ids, new Date(calendar.dayStart(window.from)), new Date(calendar.dayStart(window.to)));
  const blocks = await liveBlocksOf(tx, ids);
  const forecastBlocks = (id: string) => (blocks.get(id) ?? []).map((block) => ({ unused: block.unused, expiresOn: calendar.dayOf(block.expiresAt.getTime()) }));
  return new Map(companies.map((company) => [company.id, runOutForecast(company.balanceHundredths, used.get(company.id) ?? 0, today, forecastBlocks(company.id))]));
}

export async function forecastOf(deps: Pick<AppDeps, 'config' | 'clock'>, tx: Tx, company: Balance): Promise<Forecast | null> {
  const forecasts = await forecastsOf(deps, tx, [company], (await readSettings(deps.config, tx)).timeZone);
  return forecasts.get(company.id) ?? null;
}
