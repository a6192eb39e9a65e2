import { forecastWindow, runOutForecast, type Forecast } from '../../../shared/forecast.js';
import type { LiveBlockDto } from '../../../shared/hour-blocks.js';
import type { Tx } from '../../db.js';
import type { AppDeps } from '../../deps.js';
import { zoneCalendar } from '../../lib/zone-calendar.js';
import { liveBlockDtos, liveBlocksOf, type LiveBlock } from '../activities/blocks.js';
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
  const blocks = await liveBlocksOf(tx, companies.map((company) => company.id));
  return forecastsWithBlocks(deps, tx, companies, timeZone, blocks);
}

/** As forecastsOf, with the companies' live blocks the caller has read. */
async function forecastsWithBlocks(
  deps: Pick<AppDeps, 'clock'>,
  tx: Tx,
  companies: readonly Balance[],
  timeZone: string,
  blocks: ReadonlyMap<string, readonly LiveBlock[]>,
): Promise<Map<string, Forecast | null>> {
  const calendar = zoneCalendar(timeZone);
  const today = calendar.dayOf(deps.clock.now().getTime());
  const window = forecastWindow(today);
  const ids = companies.map((company) => company.id);
  const used = await hoursUsedBetween(tx, ids, new Date(calendar.dayStart(window.from)), new Date(calendar.dayStart(window.to)));
  const forecastBlocks = (id: string) => (blocks.get(id) ?? []).map((block) => ({ unused: block.unused, expiresOn: calendar.dayOf(block.expiresAt.getTime()) }));
  return new Map(companies.map((company) => [company.id, runOutForecast(company.balanceHundredths, used.get(company.id) ?? 0, today, forecastBlocks(company.id))]));
}

export async function forecastOf(deps: Pick<AppDeps, 'config' | 'clock'>, tx: Tx, company: Balance): Promise<Forecast | null> {
  const forecasts = await forecastsOf(deps, tx, [company], (await readSettings(deps.config, tx)).timeZone);
  return forecasts.get(company.id) ?? null;
}

/** One company's forecast and the blocks it shows, the settings and the blocks read once for both (the dashboard). */
export async function forecastAndBlocksOf(
  deps: Pick<AppDeps, 'config' | 'clock'>,
  tx: Tx,
  company: Balance,
): Promise<{ forecast: Forecast | null; blocks: LiveBlockDto[] }> {
  const { timeZone } = await readSettings(deps.config, tx);
  const blocks = await liveBlocksOf(tx, [company.id]);
  const forecasts = await forecastsWithBlocks(deps, tx, [company], timeZone, blocks);
  return { forecast: forecasts.get(company.id) ?? null, blocks: liveBlockDtos(blocks.get(company.id) ?? [], timeZone) };
}
