import { and, eq, gte, isNull, lte, or, type SQL } from 'drizzle-orm';
import { packages } from '../../../../drizzle/schema.js';

/*
 * Which packages a company may buy, as SQL conditions on the packages table. A general package
 * (no company) is offered to every company, a custom one only to its own; a customer may buy it
 * only from its start date until its end date has passed (both ends included).
 */

/** General packages and the company's own custom ones, whatever their dates. */
export function offeredTo(companyId: string): SQL | undefined {
  return or(isNull(packages.companyId), eq(packages.companyId, companyId));
}

/** Packages offered to the company whose start has come and whose end has not passed at `now`. */
export function onOfferTo(companyId: string, now: Date): SQL | undefined {
  return and(lte(packages.startDate, now), or(isNull(packages.endDate), gte(packages.endDate, now)), offeredTo(companyId));
}
