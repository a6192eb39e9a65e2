import { companies, packages } from '../../../../drizzle/schema.js';
import { centsToDollars, hundredthsToHours } from '../../../shared/hours.js';
import type { PackageDto } from '../../../shared/packages.js';
import { priceCentsOf } from '../../../shared/pricing.js';

/** Select with `.leftJoin(companies, eq(companies.id, packages.companyId))`. */
export const packageColumns = {
  id: packages.id,
  description: packages.description,
  hundredths: packages.hundredths,
  rateCents: packages.rateCents,
  companyId: packages.companyId,
  companyName: companies.companyName,
  startDate: packages.startDate,
  endDate: packages.endDate,
};

export type PackageRow = {
  id: string;
  description: string;
  hundredths: number;
  rateCents: number;
  companyId: string | null;
  companyName: string | null;
  startDate: Date;
  endDate: Date | null;
};

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
  };
}
