import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { companies, packages } from '../../../../drizzle/schema.js';
import { centsToDollars, hundredthsToHours } from '../../../shared/hours.js';
import type { Page } from '../../../shared/list.js';
import type { PackageDto, PackageListQuery, PackageSortKey } from '../../../shared/packages.js';
import { priceCentsOf } from '../../../shared/pricing.js';
import type { Tx } from '../../db.js';
import type { Syntax } from '../../database/syntax.js';
import { termsColumnsOf, termsDto, type TermsColumns } from './terms.js';
import { orderOf, countUpTo, pageOf, searchAny, type ListReader } from '../../lib/paging.js';

/** The columns of a package row, for a select `.from(packages).leftJoin(companies, eq(companies.id, packages.companyId))`. */
export function packageColumns(tx: Tx) {
  const { packages, companies } = tx.t;
  return {
    id: packages.id,
    description: packages.description,
    hundredths: packages.hundredths,
    rateCents: packages.rateCents,
    companyId: packages.companyId,
    companyName: companies.companyName,
    startDate: packages.startDate,
    endDate: packages.endDate,
    ...termsColumnsOf(packages),
  };
}

export type PackageRow = {
  id: string;
  description: string;
  hundredths: number;
  rateCents: number;
  companyId: string | null;
  companyName: string | null;
  startDate: Date;
  endDate: Date | null;
} & TermsColumns;

export function packageDto(row: PackageRow): PackageDto {
  const hours = hundredthsToHours(row.hundredths);
  const rate = centsToDollars(row.rateCents);
  return {
    _id: row.id,
    description: row.description,
    hours,
    rate,
    price: centsToDollars(priceCentsOf(row.hundredths, row.rateCents)),
    company: row.companyId,
    companyName: row.companyId === null ? null : row.companyName,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate ? row.endDate.toISOString() : null,
    ...termsDto(row),
  };
}

/** The package's fields its events record, as packageDto shows them (its company's name is its company's own). */
export const PACKAGE_EVENT_FIELDS = ['description', 'hours', 'rate', 'price', 'company', 'startDate', 'endDate', 'validityMonths', 'rollover'] as const satisfies readonly (keyof PackageDto)[];

const rowid = sql`${packages}.rowid`;
/** Empty cells (a general package's company, an open end) come last, as the screen always showed them. */
const emptyLast = (column: SQL | AnyColumn) => sql`${column} is null`;

/**
 * What each sortable column sorts by, rowid last in the same direction: the default (rate) walks
 * packages_rate_idx, and one company's packages by rate packages_company_idx.
 */
const packageSortColumns = ({ noCase }: Syntax): Record<PackageSortKey, (SQL | AnyColumn)[]> => ({
  rate: [packages.rateCents, rowid],
  description: [noCase(packages.description), rowid],
  hours: [packages.hundredths, rowid],
  price: [sql`${packages.hundredths} * ${packages.rateCents}`, rowid],
  companyName: [emptyLast(companies.companyName), noCase(companies.companyName), rowid],
  startDate: [packages.startDate, rowid],
  endDate: [emptyLast(packages.endDate), packages.endDate, rowid],
});

/** Packages with their company's name, a slice at a time; the company filter keeps that company's custom packages. */
export function packageListReader(tx: Tx, query: Omit<PackageListQuery, 'page' | 'perPage'>): ListReader<PackageDto> {
  const { packages, companies } = tx.t;
  const where = and(query.company ? eq(packages.companyId, query.company) : undefined, searchAny(query.search, [packages.description], tx.syntax));
  return {
    rows: async (limit, offset) => {
      const rows = await tx
        .select(packageColumns(tx))
        .from(packages)
        .leftJoin(companies, eq(companies.id, packages.companyId))
        .where(where)
        .orderBy(...orderOf(query.dir, packageSortColumns(tx.syntax)[query.sort]))
        .limit(limit)
        .offset(offset);
      return rows.map(packageDto);
    },
    count: (atMost) => countUpTo(tx, packages, where, atMost),
  };
}

/** One page of packages with their company's name. */
export function listPackages(tx: Tx, query: PackageListQuery): Promise<Page<PackageDto>> {
  return pageOf(query, packageListReader(tx, query));
}
