import { eq } from 'drizzle-orm';
import { companies } from '../../../../drizzle/schema.js';
import type { ActivitiesDto } from '../../../shared/activities.js';
import type { AppDeps } from '../../deps.js';
import type { Actor } from '../account/sessions.js';
import { listActivities } from './ledger.js';

/** SPEC.md §7 GET activities: the caller's company and its ledger, newest first. The provider has none. */
export function ownActivities(deps: AppDeps, actor: Actor): ActivitiesDto {
  if (!actor.companyId) return { company: null, allActivities: [] };
  const company = deps.db
    .select({ _id: companies.id, companyName: companies.companyName })
    .from(companies)
    .where(eq(companies.id, actor.companyId))
    .get();
  return { company: company ?? null, allActivities: listActivities(deps.db, actor.companyId) };
}
