import { and, asc, eq, sql } from 'drizzle-orm';
import { companies, packages } from '../../../../drizzle/schema.js';
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
import { inTransaction, type Tx } from '../../db.js';
import type { AppDeps } from '../../deps.js';
import { AppError, notFound } from '../../errors.js';
import { newId } from '../../lib/ids.js';
import { offeredTo, onOfferTo } from './offer.js';
import { listPackages, packageColumns, packageDto } from './queries.js';

/*
 * A package is an offer of hours at a rate; offer.ts says to whom and when. Invoices copy the
 * numbers they need, so deleting a package leaves them intact.
 */

export function catalogue(deps: AppDeps, companyId: string): PackageDto[] {
  const rows = deps.db
    .select(packageColumns)
    .from(packages)
    .leftJoin(companies, eq(companies.id, packages.companyId))
    .where(onOfferTo(companyId, deps.clock.now()))
    .orderBy(sql`${packages.companyId} is null`, asc(packages.hundredths), asc(packages.description), asc(packages.id))
    .limit(PACKAGE_CATALOGUE_LIMIT)
    .all();
  // the SQL order already is the catalogue order; the shared comparator is its one definition
  return rows.map(packageDto).sort(byCatalogueOrder);
}

export function packageDetail(deps: AppDeps, companyId: string, id: string): PackageDetailDto {
  const row = deps.db
    .select(packageColumns)
    .from(packages)
    .leftJoin(companies, eq(companies.id, packages.companyId))
    .where(and(eq(packages.id, id), onOfferTo(companyId, deps.clock.now())))
    .get();
  if (!row) throw notFound('Package');
  const pkg = packageDto(row);
  return { name: pkg.description, price: pkg.price, description: pkg.description, _id: pkg._id, hours: pkg.hours, rate: pkg.rate };
}

export function listAllPackages(deps: AppDeps, query: PackageListQuery): Page<PackageDto> {
  return listPackages(deps.db, query);
}

/** The packages an invoice for the company may copy: general ones and the company's own, by description. */
export function packageChoices(deps: AppDeps, companyId: string): PackageDto[] {
  return deps.db
    .select(packageColumns)
    .from(packages)
    .leftJoin(companies, eq(companies.id, packages.companyId))
    .where(offeredTo(companyId))
    .orderBy(asc(packages.description), asc(packages.id))
    .limit(PACKAGE_CHOICES_LIMIT)
    .all()
    .map(packageDto);
}

export function findPackage(tx: Tx, id: string): PackageDto {
  const row = tx
    .select(packageColumns)
    .from(packages)
    .leftJoin(companies, eq(companies.id, packages.companyId))
    .where(eq(packages.id, id))
    .get();
  if (!row) throw notFound('Package');
  return packageDto(row);
}

/** The form as columns; startDate falls back to `defaultStart` (now on create, the current one on edit). */
function packageValues(tx: Tx, form: PackageForm, defaultStart: Date) {
  const companyId = form.company?.trim() || null;
  if (companyId !== null) {
    const company = tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).get();
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
  };
}

export function createPackage(deps: AppDeps, form: PackageForm): PackageDto {
  const now = deps.clock.now();
  return inTransaction(deps.db, (tx) => {
    const id = newId();
    tx.insert(packages)
      .values({ id, ...packageValues(tx, form, now), createdAt: now })
      .run();
    return findPackage(tx, id);
  });
}

/** The same form as create; an omitted start date keeps the package's current one. */
export function updatePackage(deps: AppDeps, id: string, form: PackageForm): PackageDto {
  return inTransaction(deps.db, (tx) => {
    const current = findPackage(tx, id);
    tx.update(packages)
      .set(packageValues(tx, form, new Date(current.startDate)))
      .where(eq(packages.id, id))
      .run();
    return findPackage(tx, id);
  });
}

/** Invoices keep their copy of description, hours, rate and price; their package_id becomes null. */
export function deletePackage(deps: AppDeps, id: string): void {
  inTransaction(deps.db, (tx) => {
    findPackage(tx, id);
    tx.delete(packages).where(eq(packages.id, id)).run();
  });
}
