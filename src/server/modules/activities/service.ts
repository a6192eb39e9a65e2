import type { ActivitiesDto, ActivitiesQuery, ActivityDto } from '../../../shared/activities.js';
import type { Page } from '../../../shared/list.js';
import type { Tx } from '../../db.js';
import type { AppDeps } from '../../deps.js';
import type { Actor } from '../account/actor.js';
import { findCompanyRow } from '../companies/queries.js';
import { readSettings } from '../settings/service.js';
import { liveBlocks } from './blocks.js';
import { activitiesPage } from './ledger.js';

/** The caller's company as { _id, companyName }. */
export async function ownCompany(tx: Tx, companyId: string): Promise<NonNullable<ActivitiesDto['company']>> {
  const { id, companyName } = await findCompanyRow(tx, companyId);
  return { _id: id, companyName };
}

/** GET activities: the caller's company and one page of its ledger, newest first. The provider has none. */
export async function ownActivities(deps: AppDeps, actor: Actor, query: ActivitiesQuery): Promise<ActivitiesDto> {
  if (!actor.companyId) return { company: null, allActivities: [], total: 0, blocks: [] };
  const { items, ...total } = await activitiesPage(deps.db, actor.companyId, query);
  const blocks = await liveBlocks(deps.db, actor.companyId, (await readSettings(deps.config, deps.db)).timeZone);
  return { company: await ownCompany(deps.db, actor.companyId), allActivities: items, ...total, blocks };
}

/** One company's ledger for the super-admin, newest first, a page at a time; an unknown company is not found. */
export async function companyActivities(deps: AppDeps, companyId: string, query: ActivitiesQuery): Promise<Page<ActivityDto>> {
  await findCompanyRow(deps.db, companyId);
  return activitiesPage(deps.db, companyId, query);
}
