import type { EventDto, EventListQuery } from '../../../shared/events.js';
import type { Page } from '../../../shared/list.js';
import type { AppDeps } from '../../deps.js';
import { readSettings } from '../settings/service.js';
import { listEvents } from './queries.js';

/** A page of the audit log; its date range is of days in the provider's time zone. */
export async function listAuditLog(deps: AppDeps, query: EventListQuery): Promise<Page<EventDto>> {
  const providerZone = (await readSettings(deps.config, deps.db)).timeZone;
  return listEvents(deps.db, query, providerZone);
}
