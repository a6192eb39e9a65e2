import { z } from 'zod';
import { listInput, type ListQuery } from './list.js';
import { hourTermsCheck, hourTermsInput, hourTermsOutput } from './hour-blocks.js';
import { invoicePrice } from './pricing.js';
import { calendarDay, idParam, numberField, requiredText } from './validation.js';

/** The package form starts at rate 1000 dollars an hour and 0 hours. */
export const PACKAGE_DEFAULT_RATE = 1000;
export const PACKAGE_DEFAULT_HOURS = 0;
export const MAX_PACKAGE_HOURS = 100_000;
export const MAX_PACKAGE_RATE = 1_000_000;

/**
 * Price = hours x rate, in dollars to 2 decimals (docs/product-rules.md#packages). A package is priced exactly
 * as the invoice bought from it: one pure function, in hundredths of an hour and cents.
 */
export const packagePrice: (hours: number, rate: number) => number = invoicePrice;

export const packageOutput = z.object({
  _id: z.string(),
  description: z.string(),
  hours: z.number(),
  /** Dollars per hour. */
  rate: z.number(),
  /** hours x rate, dollars to 2 decimals. */
  price: z.number(),
  /** The company a custom package is for; null for a general package. */
  company: z.string().nullable(),
  companyName: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  ...hourTermsOutput,
});
export type PackageDto = z.infer<typeof packageOutput>;

/** The back office's package list: its sortable columns, highest rate first by default; search matches the description. */
export const PACKAGE_SORT_KEYS = ['rate', 'description', 'hours', 'price', 'companyName', 'startDate', 'endDate'] as const;
export type PackageSortKey = (typeof PACKAGE_SORT_KEYS)[number];
export const packageListInput = listInput(PACKAGE_SORT_KEYS, { sort: 'rate', dir: 'desc' });
export type PackageListQuery = ListQuery<PackageSortKey>;

/** At most this many packages are on offer to a company at once in its catalogue. */
export const PACKAGE_CATALOGUE_LIMIT = 200;

/** At most this many packages are offered when an invoice copies one. */
export const PACKAGE_CHOICES_LIMIT = 500;
export const packageChoicesInput = z.object({ company: idParam });

/** The package detail: name, price, description; id, hours and rate let Buy Package carry it to checkout. */
export const packageDetailOutput = z.object({
  name: z.string(),
  price: z.number(),
  description: z.string(),
  _id: z.string(),
  hours: z.number(),
  rate: z.number(),
  /** How long the hours stay valid once paid, and what rolls over (null: they never expire). */
  ...hourTermsOutput,
});
export type PackageDetailDto = z.infer<typeof packageDetailOutput>;

/**
 * Catalogue order: the company's custom packages first, then general ones, each
 * by hours ascending; description then id keep equal hours in a stable order.
 */
export function byCatalogueOrder(a: PackageDto, b: PackageDto): number {
  const group = (p: PackageDto) => (p.company === null ? 1 : 0);
  return group(a) - group(b) || a.hours - b.hours || a.description.localeCompare(b.description) || a._id.localeCompare(b._id);
}

const amount = (what: string, fallback: number, max: number) =>
  numberField(what, { min: 0, max }).default(fallback);

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** A date (YYYY-MM-DD, taken as midnight UTC) or an ISO date-time with an offset; the parsed instant or undefined. */
export function parseDateText(text: string | null | undefined): Date | undefined {
  if (text === null || text === undefined || text.trim() === '') return undefined;
  return new Date(text.trim());
}

/** Omitted, null or '' all mean "not given". */
const optionalDate = (what: string) =>
  z
    .string({ message: `${what} must be a date, such as 2026-03-02 or 2026-03-02T15:00:00Z.` })
    .trim()
    .pipe(calendarDay(what))
    .refine((text) => text === '' || (DATE_PATTERN.test(text) && !Number.isNaN(Date.parse(text))), {
      message: `${what} must be a date, such as 2026-03-02 or 2026-03-02T15:00:00Z.`,
    })
    .nullish();

/** Omitted, null or '' mean a general package. */
const company = z.string({ message: 'Company must be a company id.' }).trim().max(64, 'That company id is not valid.').nullish();

const packageFields = z.object({
  description: requiredText('Description is required.', 1000),
  hours: amount('Hours', PACKAGE_DEFAULT_HOURS, MAX_PACKAGE_HOURS),
  rate: amount('Rate', PACKAGE_DEFAULT_RATE, MAX_PACKAGE_RATE),
  startDate: optionalDate('Start date'),
  endDate: optionalDate('End date'),
  company,
  ...hourTermsInput,
});

export const packageFormInput = hourTermsCheck(packageFields);
export type PackageForm = z.output<typeof packageFormInput>;

/** The form also sends its _id and display fields; the path names the package, the rest is ignored. */
export const packageUpdateInput = packageFormInput.safeExtend({ id: idParam });

export const END_BEFORE_START_MESSAGE = 'The end date cannot be before the start date.';
