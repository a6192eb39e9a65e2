import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';

/*
 * Money is stored in integer cents and hours in integer hundredths of an hour,
 * so balances are exact sums; the wire carries dollars and hours.
 * Instants are integer milliseconds since the epoch (UTC).
 */
const id = () => text('id').primaryKey();
const instant = (name: string) => integer(name, { mode: 'timestamp_ms' });
const flag = (name: string) => integer(name, { mode: 'boolean' });

export const companies = sqliteTable(
  'companies',
  {
    id: id(),
    companyName: text('company_name').notNull(),
    companyAddress: text('company_address').notNull().default(''),
    companyPhone: text('company_phone').notNull().default(''),
    website: text('website').notNull().default(''),
    projectDescription: text('project_description').notNull().default(''),
    createdAt: instant('created_at').notNull(),
    /*
     * The company's figures the Company List filters and sorts by, kept in step with their rows in
     * the same transaction: the ledger keeps the hours (sum of completed entries; sum of pending
     * TimeAdd entries, in hundredths), the tasks module the count of tasks neither done nor deleted.
     */
    balanceHundredths: integer('balance_hundredths').notNull().default(0),
    pendingHundredths: integer('pending_hundredths').notNull().default(0),
    openTasks: integer('open_tasks').notNull().default(0),
    /** The running-low threshold in hundredths; null follows the provider's default (LOW_BALANCE_HOURS). */
    lowBalanceHundredths: integer('low_balance_hundredths'),
    /** The automatic alert sent since the balance was last above the threshold; null when none was. */
    balanceAlert: text('balance_alert', { enum: ['runningLow', 'negative'] }),
    /** When each balance email was last sent, by hand or automatically. */
    runningLowEmailedAt: instant('running_low_emailed_at'),
    negativeEmailedAt: instant('negative_emailed_at'),
  },
  (t) => [
    index('companies_name_nocase_idx').on(sql`${t.companyName} collate nocase`),
    index('companies_balance_idx').on(t.balanceHundredths),
    index('companies_open_tasks_idx').on(t.openTasks),
  ],
);

export const users = sqliteTable(
  'users',
  {
    id: id(),
    companyId: text('company_id').references(() => companies.id, { onDelete: 'restrict' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    emailAddress: text('email_address').notNull(),
    mobile: text('mobile').notNull().default(''),
    role: text('role').notNull().default('admin'),
    approved: flag('approved').notNull().default(false),
    passwordHash: text('password_hash'),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.emailAddress})`),
    index('users_company_idx').on(t.companyId, t.createdAt),
    index('users_company_name_idx').on(t.companyId, sql`${t.firstName} collate nocase`, sql`${t.lastName} collate nocase`),
    index('users_created_idx').on(t.createdAt),
    // sign-ups awaiting approval are few among many users: the overview counts and lists them from this alone
    index('users_awaiting_idx').on(t.createdAt).where(sql`approved = 0`),
    index('users_first_name_idx').on(sql`${t.firstName} collate nocase`, sql`${t.lastName} collate nocase`),
    index('users_last_name_idx').on(sql`${t.lastName} collate nocase`, sql`${t.firstName} collate nocase`),
    index('users_role_idx').on(t.role),
  ],
);

export const sessions = sqliteTable(
  'sessions',
  {
    id: id(),
    secretHash: text('secret_hash').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Single-use records behind the signed reset and set-password links. */
export const passwordTokens = sqliteTable(
  'password_tokens',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['reset', 'set-password'] }).notNull(),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    /** Set on every unused link of the user when their password is set or their email address changes. */
    revokedAt: instant('revoked_at'),
  },
  (t) => [index('password_tokens_user_idx').on(t.userId)],
);

export const tasks = sqliteTable(
  'tasks',
  {
    id: id(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    priority: integer('priority').notNull().default(1),
    done: flag('done').notNull().default(false),
    deleted: flag('deleted').notNull().default(false),
    creationDate: instant('creation_date').notNull(),
    timeStamp: instant('time_stamp').notNull(),
  },
  (t) => [
    index('tasks_open_idx').on(t.companyId, t.done, t.deleted, t.priority),
    index('tasks_open_all_idx').on(t.done, t.deleted, t.priority),
    index('tasks_open_title_idx').on(t.done, t.deleted, t.title),
    index('tasks_open_description_idx').on(t.done, t.deleted, t.description),
  ],
);

export const taskHistory = sqliteTable(
  'task_history',
  {
    id: id(),
    taskId: text('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    changedField: text('changed_field').notNull(),
    oldValue: text('old_value'),
    newValue: text('new_value'),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    creationDate: instant('creation_date').notNull(),
  },
  (t) => [index('task_history_task_idx').on(t.taskId, t.creationDate)],
);

export const packages = sqliteTable(
  'packages',
  {
    id: id(),
    description: text('description').notNull(),
    hundredths: integer('hundredths').notNull().default(0),
    rateCents: integer('rate_cents').notNull().default(100000),
    companyId: text('company_id').references(() => companies.id, { onDelete: 'restrict' }),
    startDate: instant('start_date').notNull(),
    endDate: instant('end_date'),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [index('packages_company_idx').on(t.companyId, t.rateCents), index('packages_rate_idx').on(t.rateCents)],
);

/*
 * Expressions the invoice list sorts by, written once for the query and its index: SQLite serves an
 * ORDER BY from an expression index only when the expression is the same.
 */

/** What is left to pay on the invoice, in cents. */
export const invoiceBalanceCents = (t: { priceCents: AnySQLiteColumn; paidCents: AnySQLiteColumn }) => sql<number>`${t.priceCents} - ${t.paidCents}`;

/** The status word the lists show (invoiceStatus in src/shared/invoices.ts), for the status sort. */
export const invoiceStatusWordSql = (t: { completeStatus: AnySQLiteColumn; status: AnySQLiteColumn }) =>
  sql<string>`case when ${t.completeStatus} then 'Completed' when trim(${t.status}) <> '' then trim(${t.status}) else 'Pending' end`;

/** One row a year; lastNumber only grows, so an invoice number is never handed out twice. */
export const invoiceNumberSequence = sqliteTable('invoice_number_sequence', {
  year: integer('year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

export const invoices = sqliteTable(
  'invoices',
  {
    id: id(),
    invoiceNumber: text('invoice_number').notNull().unique(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    packageId: text('package_id').references(() => packages.id, { onDelete: 'set null' }),
    description: text('description').notNull(),
    hundredths: integer('hundredths').notNull().default(0),
    rateCents: integer('rate_cents').notNull().default(0),
    priceCents: integer('price_cents').notNull(),
    selectedPaymentMethod: text('selected_payment_method').notNull().default(''),
    status: text('status').notNull().default(''),
    completeStatus: flag('complete_status').notNull().default(false),
    /** The sum of the invoice's completed payments, kept by settlement in the transaction that changes them. */
    paidCents: integer('paid_cents').notNull().default(0),
    sendInvoiceEmail: flag('send_invoice_email').notNull().default(true),
    transactionDate: instant('transaction_date').notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [
    index('invoices_company_idx').on(t.companyId, t.transactionDate),
    index('invoices_date_idx').on(t.transactionDate),
    // invoices not paid in full are few among many: the receivable figures and the open-only list read this alone
    index('invoices_open_idx').on(t.transactionDate).where(sql`complete_status = 0`),
    // one per sort of the invoice list, so its first page is read in order instead of sorting every invoice
    index('invoices_hours_idx').on(t.hundredths),
    index('invoices_price_idx').on(t.priceCents),
    index('invoices_balance_idx').on(invoiceBalanceCents(t)),
    index('invoices_description_idx').on(t.description),
    index('invoices_method_idx').on(t.selectedPaymentMethod),
    index('invoices_status_text_idx').on(invoiceStatusWordSql(t)),
  ],
);

export const payments = sqliteTable(
  'payments',
  {
    id: id(),
    invoiceId: text('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').notNull().default('completed'),
    method: text('method').notNull().default(''),
    paymentDate: instant('payment_date').notNull(),
    transactionId: text('transaction_id').notNull().default(''),
    sendEmail: flag('send_email').notNull().default(true),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [
    index('payments_invoice_idx').on(t.invoiceId),
    index('payments_company_idx').on(t.companyId, t.paymentDate),
    index('payments_date_idx').on(t.paymentDate),
    // one per sort of the payment list (the invoice sort walks invoices by number, the company sort companies by name)
    index('payments_amount_idx').on(t.amountCents),
    index('payments_method_idx').on(t.method),
    index('payments_status_idx').on(t.status),
    index('payments_description_idx').on(t.description),
  ],
);

export const timeLogs = sqliteTable(
  'time_logs',
  {
    id: id(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    taskId: text('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    timeStamp: instant('time_stamp').notNull(),
    hundredths: integer('hundredths').notNull(),
    description: text('description').notNull().default(''),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [
    index('time_logs_company_idx').on(t.companyId, t.timeStamp),
    index('time_logs_time_idx').on(t.timeStamp),
    // the weekly view sums each day's hours from the index alone: a row lookup per log costs 15 times more
    index('time_logs_time_hours_idx').on(t.timeStamp, t.hundredths),
    // the Time Logs list sorts by hours and by description, and Search finds hours, from these
    index('time_logs_hours_idx').on(t.hundredths),
    index('time_logs_description_idx').on(sql`${t.description} collate nocase`),
  ],
);

/**
 * The hours ledger. TimeAdd rows belong to an invoice (pending until it is paid in full);
 * TimeLog rows belong to a time log and carry negative hours.
 */
export const activities = sqliteTable(
  'activities',
  {
    id: id(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    activityType: text('activity_type', { enum: ['TimeAdd', 'TimeLog'] }).notNull(),
    status: text('status', { enum: ['pending', 'completed'] }).notNull(),
    hundredths: integer('hundredths').notNull(),
    description: text('description').notNull().default(''),
    timeStamp: instant('time_stamp').notNull(),
    invoiceId: text('invoice_id').references(() => invoices.id, { onDelete: 'restrict' }),
    timeLogId: text('time_log_id').references(() => timeLogs.id, { onDelete: 'restrict' }),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [
    // The company's sums (balance, pending, per company) read this index alone.
    index('activities_hours_idx').on(t.companyId, t.status, t.activityType, t.hundredths),
    // The timeline in ledger order, carrying what its running balance and filters need.
    index('activities_timeline_idx').on(t.companyId, t.timeStamp, t.createdAt, t.id, t.status, t.activityType, t.hundredths),
    uniqueIndex('activities_invoice_unique').on(t.invoiceId),
    uniqueIndex('activities_time_log_unique').on(t.timeLogId),
  ],
);

/** Every email is written here in the transaction that causes it; a worker delivers it. */
export const outbox = sqliteTable(
  'outbox',
  {
    id: id(),
    toAddresses: text('to_addresses').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    attachments: text('attachments', { mode: 'json' })
      .$type<{ filename: string; contentType: string; source: string }[]>()
      .notNull()
      .default([]),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull(),
    lastError: text('last_error'),
    createdAt: instant('created_at').notNull(),
    sentAt: instant('sent_at'),
    /** The bodies carry a single-use link: they are blanked once the email is sent or given up. */
    clearAfterSend: flag('clear_after_send').notNull().default(false),
  },
  (t) => [index('outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

/**
 * A user's authenticator (TOTP) secret, encrypted with a key derived from the link-signing key.
 * enabledAt is null while enrolment waits for its first code; lastUsedStep refuses a code twice.
 */
export const twoFactor = sqliteTable('two_factor', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretCipher: text('secret_cipher').notNull(),
  enabledAt: instant('enabled_at'),
  lastUsedStep: integer('last_used_step').notNull().default(0),
  createdAt: instant('created_at').notNull(),
});

/** One-time recovery codes, stored only as SHA-256 hashes; usedAt marks one spent. */
export const twoFactorRecoveryCodes = sqliteTable(
  'two_factor_recovery_codes',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: instant('used_at'),
  },
  (t) => [index('two_factor_recovery_codes_user_idx').on(t.userId)],
);

/** Settings the super-admin changes in the app, one row per key, the value as JSON text. */
export const settings = sqliteTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
