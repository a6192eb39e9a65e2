import { and, asc, eq, sql } from 'drizzle-orm';
import type { EventType } from '../../../shared/events.js';
import { dollarsToCents, hoursToHundredths } from '../../../shared/hours.js';
import {
  byCatalogueOrder,
  END_BEFORE_START_MESSAGE,
  PACKAGE_CATALOGUE_LIMIT,
  PACKAGE_CHOICES_LIMIT,
  parseDateText,
  type PackageDetailDto,
  type PackageDto,
  type PackageForm,
  type PackageListQuery,
} from '../../../shared/packages.js';
import type { Page } from '../../../shared/list.js';
import type { Tx } from '../../db.js';
import type { AppDeps } from '../../deps.js';
import { AppError, notFound } from '../../errors.js';
import { newId } from '../../lib/ids.js';
import { changeEvents, recordEvents, type EventSource, type NewEvent } from '../events/service.js';
import { offeredTo, onOfferTo } from './offer.js';
import { listPackages, PACKAGE_EVENT_FIELDS, packageColumns, packageDto } from './queries.js';
import { NO_TERMS, termsColumnsOf, termsFromForm, type TermsColumns } from './terms.js';

/*
 * A package is an offer of hours at a rate; offer.ts says to whom and when. Invoices copy the
 * numbers they need, so deleting a package leaves them intact.
 */

export async function catalogue(deps: AppDeps, companyId: string): Promise<PackageDto[]> {
  const { packages, companies } = deps.db.t;
  const rows = await deps.db
    .select(packageColumns(deps.db))
    .from(packages)
    .leftJoin(companies, eq(companies.id, packages.companyId))
    .where(onOfferTo(companyId, deps.clock.now()))
    .orderBy(sql`${packages.companyId} is null`, asc(packages.hundredths), asc(packages.description), asc(packages.id))
    .limit(PACKAGE_CATALOGUE_LIMIT);
  // the SQL order already is the catalogue order; the shared comparator is its one definition
  return rows.map(packageDto).sort(byCatalogueOrder);
}

export async function packageDetail(deps: AppDeps, companyId: string, id: string): Promise<PackageDetailDto> {
  const { packages, companies } = deps.db.t;
  const [row] = await deps.db
    .select(packageColumns(deps.db))
    .from(packages)
    .leftJoin(companies, eq(companies.id, packages.companyId))
    .where(and(eq(packages.id, id), onOfferTo(companyId, deps.clock.now())));
  if (!row) throw notFound('Package');
  const pkg = packageDto(row);
  return { name: pkg.description, price: pkg.price, description: pkg.description, _id: pkg._id, hours: pkg.hours, rate: pkg.rate, validityMonths: pkg.validityMonths, rollover: pkg.rollover };
}

export function listAllPackages(deps: AppDeps, query: PackageListQuery): Promise<Page<PackageDto>> {
  return listPackages(deps.db, query);
}

/** The packages an invoice for the company may copy: general ones and the company's own, by description. */
export async function packageChoices(deps: AppDeps, companyId: string): Promise<PackageDto[]> {
  const { packages, companies } = deps.db.t;
  const rows = await deps.db
    .select(packageColumns(deps.db))
    .from(packages)
    .leftJoin(companies, eq(companies.id, packages.companyId))
    .where(offeredTo(companyId))
    .orderBy(asc(packages.description), asc(packages.id))
    .limit(PACKAGE_CHOICES_LIMIT);
  return rows.map(packageDto);
}

export async function findPackage(tx: Tx, id: string): Promise<PackageDto> {
  const { packages, companies } = tx.t;
  const [row] = await tx
    .select(packageColumns(tx))
    .from(packages)
    .leftJoin(companies, eq(companies.id, packages.companyId))
    .where(eq(packages.id, id));
  if (!row) throw notFound('Package');
  return packageDto(row);
}

/**
 * The form as columns; startDate falls back to `defaultStart` (now on create, the current one on
 * edit), and omitted hour terms to `currentTerms`.
 */
async function packageValues(tx: Tx, form: PackageForm, defaultStart: Date, currentTerms: TermsColumns) {
  const companyId = form.company?.trim() || null;
  if (companyId !== null) {
    const { companies } = tx.t;
    const [company] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
    if (!company) throw notFound('Company');
  }
  const startDate = parseDateText(form.startDate) ?? defaultStart;
  const endDate = parseDateText(form.endDate) ?? null;
  if (endDate && endDate.getTime() < startDate.getTime()) throw new AppError('BAD_REQUEST', END_BEFORE_START_MESSAGE, 'endDate');
  return {
    description: form.description,
    hundredths: hoursToHundredths(form.hours),
    rateCents: dollarsToCents(form.rate),
    companyId,
    startDate,
    endDate,
    ...termsFromForm(form, currentTerms),
  };
}

/**
 * The event of a package added, changed or removed, with its fields as they were and became; none
 * for a change that left them as they were. A custom package concerns its company (the one it has
 * now, else the one it had); a general one none.
 */
function packageEvents(type: EventType, before: PackageDto | undefined, after: PackageDto | undefined): NewEvent[] {
  const pkg = (after ?? before)!;
  return changeEvents(type, { companyId: after?.company ?? before?.company ?? null, subjectType: 'package', subjectId: pkg._id }, before, after, PACKAGE_EVENT_FIELDS);
}

export function createPackage(deps: AppDeps, source: EventSource, form: PackageForm): Promise<PackageDto> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const { packages } = tx.t;
    const id = newId();
    await tx.insert(packages).values({ id, ...(await packageValues(tx, form, now, NO_TERMS)), createdAt: now });
    const pkg = await findPackage(tx, id);
    await recordEvents(tx, source, now, packageEvents('package.created', undefined, pkg));
    return pkg;
  });
}

/** The same form as create; an omitted start date keeps the package's current one. */
export function updatePackage(deps: AppDeps, source: EventSource, id: string, form: PackageForm): Promise<PackageDto> {
  return deps.db.transaction(async (tx) => {
    const { packages } = tx.t;
    const current = await findPackage(tx, id);
    const [terms] = await tx.select(termsColumnsOf(packages)).from(packages).where(eq(packages.id, id));
    await tx
      .update(packages)
      .set(await packageValues(tx, form, new Date(current.startDate), terms!))
      .where(eq(packages.id, id));
    const pkg = await findPackage(tx, id);
    await recordEvents(tx, source, deps.clock.now(), packageEvents('package.updated', current, pkg));
    return pkg;
  });
}

/** Invoices keep their copy of description, hours, rate and price; their package_id becomes null. */
export async function deletePackage(deps: AppDeps, source: EventSource, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const { packages } = tx.t;
    const current = await findPackage(tx, id);
    await tx.delete(packages).where(eq(packages.id, id));
    await recordEvents(tx, source, deps.clock.now(), packageEvents('package.deleted', current, undefined));
  });
}
