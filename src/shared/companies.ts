import { z } from 'zod';
import { LOW_BALANCE_MAX_HOURS } from './balance-alerts.js';
import { forecastOutput } from './forecast.js';
import { MAX_RATE } from './invoices.js';
import { companyPlanOutput } from './plans.js';
import { companyFilter, listInput, pageNumber, perPageNumber, searchText, type ListQuery } from './list.js';
import { idParam, numberField, requiredLine, singleLine } from './validation.js';

/** A company as the Company List shows it; hours are hours (not hundredths). */
export const companyOutput = z.object({
  _id: z.string(),
  companyName: z.string(),
  companyAddress: z.string(),
  companyPhone: z.string(),
  website: z.string(),
  /** Sum of the company's completed ledger entries. */
  hourBalance: z.number(),
  /** Sum of its pending TimeAdd entries: hours bought, not yet paid. */
  pendingHours: z.number(),
  /** Tasks neither done nor deleted. */
  openTasks: z.number().int(),
  /** The company's own running-low threshold in hours; null follows the provider's default. */
  lowBalanceHours: z.number().nullable(),
  /** The threshold that applies: its own, or the provider's default. */
  thresholdHours: z.number(),
  /** When the running-low and the negative balance emails were last sent (ISO 8601), by hand or automatically; null if never. */
  runningLowEmailedAt: z.string().nullable(),
  negativeEmailedAt: z.string().nullable(),
  forecast: forecastOutput,
  /** Dollars an hour of overage is billed at; null follows the rate of the company's latest invoice bought from a package. */
  overageRate: z.number().nullable(),
  /** The company's monthly plan, if it has one. */
  plan: companyPlanOutput,
});
export type CompanyDto = z.infer<typeof companyOutput>;

/** Optional text; line breaks are kept only where oneLine is false (an address). */
const optionalField = (label: string, max: number, oneLine = true) => {
  const text = z.string({ message: `${label} must be text.` }).trim().max(max, `${label} must be at most ${max} characters.`);
  return (oneLine ? singleLine(text, label) : text)
    .nullish()
    .transform((value) => value ?? '');
};

/** Hours with at most 2 decimals from 0 to the highest threshold; empty (null or missing) follows the provider's default. */
const thresholdHours = numberField('Low-balance threshold', { min: 0, max: LOW_BALANCE_MAX_HOURS })
  .refine((hours) => Number.isInteger(Number((hours * 100).toPrecision(15))), 'Low-balance threshold must have at most 2 decimals.')
  .nullish()
  .transform((hours) => hours ?? null)
  .describe("The company's running-low threshold in hours; null or missing follows the provider's default (LOW_BALANCE_HOURS).");

/** The Add/Edit Company dialog; fields the list adds (hourBalance, openTasks, ...) are ignored. */
export const companyFields = z.object({
  companyName: requiredLine('Company name'),
  companyAddress: optionalField('Company address', 500, false),
  companyPhone: optionalField('Company phone', 50),
  website: optionalField('Website', 500),
  lowBalanceHours: thresholdHours,
  overageRate: numberField('Overage rate', { min: 0, max: MAX_RATE })
    .refine((rate) => Number.isInteger(Number((rate * 100).toPrecision(15))), 'Overage rate must be in whole cents.')
    .nullish()
    .transform((rate) => rate ?? null)
    .describe("Dollars an hour of overage is billed at; null or missing follows the rate of the company's latest invoice bought from a package."),
});
export type CompanyFields = z.output<typeof companyFields>;

export const companyCreateInput = companyFields.extend({
  // The dialog adds when the company has no _id; one that has an id is an edit.
  _id: z
    .string()
    .nullish()
    .refine((id) => !id?.trim(), 'A new company has no _id yet; change an existing one with PUT /superadmin/companies/{id}.'),
});

export const companyUpdateInput = companyFields.extend({ id: idParam });

export const BALANCE_EMAIL_KINDS = ['runningLow', 'negative'] as const;
export type BalanceEmailKind = (typeof BALANCE_EMAIL_KINDS)[number];

export const balanceEmailInput = z.object({
  kind: z.enum(BALANCE_EMAIL_KINDS, { message: 'The email kind must be runningLow or negative.' }),
  companyId: idParam,
});

/**
 * A balance email as it would go out now: the same template the send uses, with the balance the
 * ledger holds, and the approved users it would go to.
 */
export const balanceEmailPreviewOutput = z.object({
  kind: z.enum(BALANCE_EMAIL_KINDS),
  /** The approved users' addresses; empty when the company has none (the send would be refused). */
  to: z.array(z.string()),
  subject: z.string(),
  /** The plain-text body. */
  text: z.string(),
  /** The HTML body, from the same paragraphs. */
  html: z.string(),
});
export type BalanceEmailPreview = z.infer<typeof balanceEmailPreviewOutput>;

/** One company's hour ledger for the super-admin: newest first, a page at a time. */
export const companyActivitiesInput = z.object({
  id: idParam,
  page: pageNumber.default(1),
  perPage: perPageNumber(),
});

/** How many companies a company picker offers at once; typing narrows them on the server. */
export const COMPANY_OPTIONS_LIMIT = 50;

export const companyOptionsInput = z
  .object({
    search: searchText,
    /** A company to include whatever the search (the one already chosen), so its name shows. */
    include: companyFilter,
  })
  .prefault({});

export const companyOptionOutput = z.object({ _id: z.string(), companyName: z.string() });
export type CompanyOption = z.infer<typeof companyOptionOutput>;

/** The Company List's sortable columns; by name, A to Z, by default. */
export const COMPANY_SORT_KEYS = ['companyName', 'hourBalance', 'openTasks'] as const;
export type CompanySortKey = (typeof COMPANY_SORT_KEYS)[number];

/**
 * The Company List's call: search matches the company name; positiveOnly is the switch
 * 'Only positive hours & open tasks' (a balance above 0 and at least one open task).
 */
export const companyListInput = listInput(COMPANY_SORT_KEYS, { sort: 'companyName', dir: 'asc' })
  .unwrap()
  .extend({
    positiveOnly: z
      .boolean({ message: 'positiveOnly must be true or false.' })
      .default(false)
      .describe("true keeps only companies with an hour balance above 0 and at least one open task (the switch 'Only positive hours & open tasks')."),
    lowOnly: z
      .boolean({ message: 'lowOnly must be true or false.' })
      .default(false)
      .describe('true keeps only companies running low: an hour balance at or below their threshold (negative ones included).'),
  })
  .prefault({});
export type CompanyListQuery = ListQuery<CompanySortKey> & { positiveOnly: boolean; lowOnly: boolean };

/** The filter of the Company List a bulk send acts on: the list's own, without paging or sort. */
export const bulkBalanceEmailInput = z
  .object({
    search: searchText,
    company: companyFilter,
    positiveOnly: z.boolean({ message: 'positiveOnly must be true or false.' }).default(false),
  })
  .prefault({});
export type BulkBalanceEmailFilter = z.output<typeof bulkBalanceEmailInput>;

export const bulkBalanceEmailOutput = z.object({
  /** Running-low companies emailed. */
  sent: z.number().int(),
  /** Running-low companies left out: emailed the same kind within 24 hours, or without an approved user. */
  skipped: z.number().int(),
  /** Companies due an email (with an approved user) beyond what one send handles, left for the next. */
  remaining: z.number().int(),
  message: z.string(),
});

/** A company on the provider overview's running-low card. */
export const runningLowCompanyOutput = z.object({
  _id: z.string(),
  companyName: z.string(),
  hourBalance: z.number(),
  thresholdHours: z.number(),
  forecast: forecastOutput,
});
export type RunningLowCompanyDto = z.infer<typeof runningLowCompanyOutput>;
