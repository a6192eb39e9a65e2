import { sql } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Kit } from './kit.js';
import { ACTIVITY_TYPES } from '../src/shared/activities.js';
import { ROLLOVER_UNITS } from '../src/shared/hour-blocks.js';

/*
 * Hourbank's tables, written once for both engines: each engine's kit (kit.ts) turns these
 * definitions into its own tables, so a column or an index cannot exist in one and not the other.
 * Money is stored in integer cents and hours in integer hundredths of an hour, so balances are
 * exact sums; the wire carries dollars and hours. Instants are integer milliseconds since the
 * epoch (UTC).
 */

/*
 * Expressions the invoice list sorts by, written once for the query and its index: SQLite serves an
 * ORDER BY from an expression index only when the expression is the same.
 */

/** What is left to pay on the invoice, in cents. */
export const invoiceBalanceCents = (t: { priceCents: AnySQLiteColumn; paidCents: AnySQLiteColumn }) => sql<number>`${t.priceCents} - ${t.paidCents}`;

/** The status word the lists show (invoiceStatus in src/shared/invoices.ts), for the status sort. */
export const invoiceStatusWordSql = (t: { completeStatus: AnySQLiteColumn; status: AnySQLiteColumn }) =>
  sql<string>`case when ${t.completeStatus} then 'Completed' when trim(${t.status}) <> '' then trim(${t.status}) else 'Pending' end`;


/** The tables, built by an engine's kit. */
export function defineTables(k: Kit) {
  const companies = k.table(
    'companies',
    {
      id: k.id(),
      companyName: k.text('company_name').notNull(),
      companyAddress: k.text('company_address').notNull().default(''),
      companyPhone: k.text('company_phone').notNull().default(''),
      website: k.text('website').notNull().default(''),
      projectDescription: k.text('project_description').notNull().default(''),
      createdAt: k.instant('created_at').notNull(),
      /*
       * The company's figures the Company List filters and sorts by, kept in step with their rows in
       * the same transaction: the ledger keeps the hours (sum of completed entries; sum of pending
       * TimeAdd entries, in hundredths), the tasks module the count of tasks neither done nor deleted.
       */
      balanceHundredths: k.int('balance_hundredths').notNull().default(0),
      pendingHundredths: k.int('pending_hundredths').notNull().default(0),
      openTasks: k.int('open_tasks').notNull().default(0),
      /** The running-low threshold in hundredths; null follows the provider's default (LOW_BALANCE_HOURS). */
      lowBalanceHundredths: k.int('low_balance_hundredths'),
      /** The automatic alert sent since the balance was last above the threshold; null when none was. */
      balanceAlert: k.text('balance_alert', { enum: ['runningLow', 'negative'] }),
      /** When each balance email was last sent, by hand or automatically. */
      runningLowEmailedAt: k.instant('running_low_emailed_at'),
      negativeEmailedAt: k.instant('negative_emailed_at'),
      /** Cents an hour of overage is billed at; null follows the rate of the company's latest invoice bought from a package. */
      overageRateCents: k.int('overage_rate_cents'),
    },
    (t) => [
      k.index('companies_name_nocase_idx').on(k.nocase(t.companyName)),
      k.index('companies_balance_idx').on(t.balanceHundredths),
      k.index('companies_open_tasks_idx').on(t.openTasks),
    ],
  );

  const users = k.table(
    'users',
    {
      id: k.id(),
      companyId: k.text('company_id').references(() => companies.id, { onDelete: 'restrict' }),
      firstName: k.text('first_name').notNull(),
      lastName: k.text('last_name').notNull(),
      emailAddress: k.text('email_address').notNull(),
      mobile: k.text('mobile').notNull().default(''),
      role: k.text('role').notNull().default('admin'),
      approved: k.flag('approved').notNull().default(false),
      passwordHash: k.text('password_hash'),
      createdAt: k.instant('created_at').notNull(),
    },
    (t) => [
      k.uniqueIndex('users_email_unique').on(sql`lower(${t.emailAddress})`),
      k.index('users_company_idx').on(t.companyId, t.createdAt),
      k.index('users_company_name_idx').on(t.companyId, k.nocase(t.firstName), k.nocase(t.lastName)),
      k.index('users_created_idx').on(t.createdAt),
      // sign-ups awaiting approval are few among many users: the overview counts and lists them from this
      // alone, and the approval sort reads them from it before (or after) the approved users by users_created_idx
      k.index('users_awaiting_idx').on(t.createdAt).where(k.isFalse('approved')),
      // the user list's name and role sorts read their first page from these
      k.index('users_first_name_idx').on(k.nocase(t.firstName), k.nocase(t.lastName)),
      k.index('users_last_name_idx').on(k.nocase(t.lastName), k.nocase(t.firstName)),
      k.index('users_role_idx').on(t.role),
    ],
  );

  const sessions = k.table(
    'sessions',
    {
      id: k.id(),
      secretHash: k.text('secret_hash').notNull(),
      userId: k.text('user_id')
        .notNull()
        .references(() => users.id, { onDelete: 'cascade' }),
      createdAt: k.instant('created_at').notNull(),
      expiresAt: k.instant('expires_at').notNull(),
    },
    (t) => [k.index('sessions_user_idx').on(t.userId)],
  );

  /** Single-use records behind the signed reset and set-password links. */
  const passwordTokens = k.table(
    'password_tokens',
    {
      id: k.id(),
      userId: k.text('user_id')
        .notNull()
        .references(() => users.id, { onDelete: 'cascade' }),
      purpose: k.text('purpose', { enum: ['reset', 'set-password'] }).notNull(),
      createdAt: k.instant('created_at').notNull(),
      expiresAt: k.instant('expires_at').notNull(),
      usedAt: k.instant('used_at'),
      /** Set on every unused link of the user when their password is set or their email address changes. */
      revokedAt: k.instant('revoked_at'),
    },
    (t) => [k.index('password_tokens_user_idx').on(t.userId)],
  );

  const tasks = k.table(
    'tasks',
    {
      id: k.id(),
      companyId: k.text('company_id')
        .notNull()
        .references(() => companies.id, { onDelete: 'restrict' }),
      title: k.text('title').notNull(),
      description: k.text('description').notNull().default(''),
      priority: k.int('priority').notNull().default(1),
      done: k.flag('done').notNull().default(false),
      deleted: k.flag('deleted').notNull().default(false),
      creationDate: k.instant('creation_date').notNull(),
      timeStamp: k.instant('time_stamp').notNull(),
    },
    (t) => [
      k.index('tasks_open_idx').on(t.companyId, t.done, t.deleted, t.priority),
      // a company's newest open tasks (the dashboard's), in the order they are shown
      k.index('tasks_open_newest_idx').on(t.companyId, t.done, t.deleted, k.descending(t.timeStamp), t.priority, t.creationDate, t.id),
      k.index('tasks_open_all_idx').on(t.done, t.deleted, t.priority),
      // the open-task list's title and description sorts
      k.index('tasks_open_title_idx').on(t.done, t.deleted, t.title),
      k.index('tasks_open_description_idx').on(t.done, t.deleted, t.description),
    ],
  );

  const taskHistory = k.table(
    'task_history',
    {
      id: k.id(),
      taskId: k.text('task_id')
        .notNull()
        .references(() => tasks.id, { onDelete: 'cascade' }),
      changedField: k.text('changed_field').notNull(),
      oldValue: k.text('old_value'),
      newValue: k.text('new_value'),
      userId: k.text('user_id').references(() => users.id, { onDelete: 'set null' }),
      creationDate: k.instant('creation_date').notNull(),
    },
    (t) => [k.index('task_history_task_idx').on(t.taskId, t.creationDate)],
  );

  const packages = k.table(
    'packages',
    {
      id: k.id(),
      description: k.text('description').notNull(),
      hundredths: k.int('hundredths').notNull().default(0),
      rateCents: k.int('rate_cents').notNull().default(100000),
      companyId: k.text('company_id').references(() => companies.id, { onDelete: 'restrict' }),
      startDate: k.instant('start_date').notNull(),
      endDate: k.instant('end_date'),
      /*
       * What becomes of the hours once paid (src/shared/hour-blocks.ts): they stay valid for
       * validityMonths (null: they never expire) and, at their expiry, up to rolloverLimit of the
       * unused hours (hundredths, or a percentage, by rolloverUnit; null: none) roll over into a
       * block valid for rolloverMonths more.
       */
      validityMonths: k.int('validity_months'),
      rolloverLimit: k.int('rollover_limit'),
      rolloverUnit: k.text('rollover_unit', { enum: ROLLOVER_UNITS }),
      rolloverMonths: k.int('rollover_months'),
      createdAt: k.instant('created_at').notNull(),
    },
    (t) => [k.index('packages_company_idx').on(t.companyId, t.rateCents), k.index('packages_rate_idx').on(t.rateCents)],
  );

  /** One row a year; lastNumber only grows, so an invoice number is never handed out twice. */
  const invoiceNumberSequence = k.table('invoice_number_sequence', {
    year: k.int('year').primaryKey(),
    lastNumber: k.int('last_number').notNull(),
  });

  const invoices = k.table(
    'invoices',
    {
      id: k.id(),
      invoiceNumber: k.text('invoice_number').notNull().unique(),
      companyId: k.text('company_id')
        .notNull()
        .references(() => companies.id, { onDelete: 'restrict' }),
      packageId: k.text('package_id').references(() => packages.id, { onDelete: 'set null' }),
      description: k.text('description').notNull(),
      hundredths: k.int('hundredths').notNull().default(0),
      rateCents: k.int('rate_cents').notNull().default(0),
      priceCents: k.int('price_cents').notNull(),
      selectedPaymentMethod: k.text('selected_payment_method').notNull().default(''),
      status: k.text('status').notNull().default(''),
      completeStatus: k.flag('complete_status').notNull().default(false),
      /** The sum of the invoice's completed payments, kept by settlement in the transaction that changes them. */
      paidCents: k.int('paid_cents').notNull().default(0),
      sendInvoiceEmail: k.flag('send_invoice_email').notNull().default(true),
      transactionDate: k.instant('transaction_date').notNull(),
      /* The hours' terms, from the package when the invoice is made (a manual invoice sets its own). */
      validityMonths: k.int('validity_months'),
      rolloverLimit: k.int('rollover_limit'),
      rolloverUnit: k.text('rollover_unit', { enum: ROLLOVER_UNITS }),
      rolloverMonths: k.int('rollover_months'),
      createdAt: k.instant('created_at').notNull(),
    },
    (t) => [
      k.index('invoices_company_idx').on(t.companyId, t.transactionDate),
      k.index('invoices_date_idx').on(t.transactionDate),
      // invoices not paid in full are few among many: the receivable figures and the open-only list read this alone
      k.index('invoices_open_idx').on(t.transactionDate).where(k.isFalse('complete_status')),
      // one per sort of the invoice list, so its first page is read in order instead of sorting every invoice
      k.index('invoices_hours_idx').on(t.hundredths),
      k.index('invoices_price_idx').on(t.priceCents),
      k.index('invoices_balance_idx').on(invoiceBalanceCents(t)),
      k.index('invoices_description_idx').on(t.description),
      k.index('invoices_method_idx').on(t.selectedPaymentMethod),
      k.index('invoices_status_text_idx').on(invoiceStatusWordSql(t)),
    ],
  );

  const payments = k.table(
    'payments',
    {
      id: k.id(),
      invoiceId: k.text('invoice_id')
        .notNull()
        .references(() => invoices.id, { onDelete: 'restrict' }),
      companyId: k.text('company_id')
        .notNull()
        .references(() => companies.id, { onDelete: 'restrict' }),
      amountCents: k.int('amount_cents').notNull(),
      description: k.text('description').notNull().default(''),
      status: k.text('status').notNull().default('completed'),
      method: k.text('method').notNull().default(''),
      paymentDate: k.instant('payment_date').notNull(),
      transactionId: k.text('transaction_id').notNull().default(''),
      sendEmail: k.flag('send_email').notNull().default(true),
      createdAt: k.instant('created_at').notNull(),
    },
    (t) => [
      k.index('payments_invoice_idx').on(t.invoiceId),
      k.index('payments_company_idx').on(t.companyId, t.paymentDate),
      k.index('payments_date_idx').on(t.paymentDate),
      // one per sort of the payment list (the invoice sort walks invoices by number, the company sort companies by name)
      k.index('payments_amount_idx').on(t.amountCents),
      k.index('payments_method_idx').on(t.method),
      k.index('payments_status_idx').on(t.status),
      // payment search finds descriptions from here
      k.index('payments_description_idx').on(t.description),
    ],
  );

  const timeLogs = k.table(
    'time_logs',
    {
      id: k.id(),
      companyId: k.text('company_id')
        .notNull()
        .references(() => companies.id, { onDelete: 'restrict' }),
      taskId: k.text('task_id').references(() => tasks.id, { onDelete: 'set null' }),
      timeStamp: k.instant('time_stamp').notNull(),
      hundredths: k.int('hundredths').notNull(),
      description: k.text('description').notNull().default(''),
      createdAt: k.instant('created_at').notNull(),
    },
    (t) => [
      k.index('time_logs_company_idx').on(t.companyId, t.timeStamp),
      k.index('time_logs_time_idx').on(t.timeStamp),
      // the weekly view sums each day's hours from the index alone: a row lookup per log costs 15 times more
      k.index('time_logs_time_hours_idx').on(t.timeStamp, t.hundredths),
      // the Time Logs list sorts by hours and by description, and Search finds hours, from these
      k.index('time_logs_hours_idx').on(t.hundredths),
      k.index('time_logs_description_idx').on(k.nocase(t.description)),
    ],
  );

  /**
   * The hours ledger. TimeAdd rows belong to an invoice (pending until it is paid in full);
   * TimeLog rows belong to a time log and carry negative hours.
   */
  const activities = k.table(
    'activities',
    {
      id: k.id(),
      companyId: k.text('company_id')
        .notNull()
        .references(() => companies.id, { onDelete: 'restrict' }),
      activityType: k.text('activity_type', { enum: ACTIVITY_TYPES }).notNull(),
      status: k.text('status', { enum: ['pending', 'completed'] }).notNull(),
      hundredths: k.int('hundredths').notNull(),
      description: k.text('description').notNull().default(''),
      timeStamp: k.instant('time_stamp').notNull(),
      invoiceId: k.text('invoice_id').references(() => invoices.id, { onDelete: 'restrict' }),
      timeLogId: k.text('time_log_id').references(() => timeLogs.id, { onDelete: 'restrict' }),
      createdAt: k.instant('created_at').notNull(),
    },
    (t) => [
      // The company's sums (balance, pending, per company) read this index alone.
      k.index('activities_hours_idx').on(t.companyId, t.status, t.activityType, t.hundredths),
      // The timeline in ledger order, carrying what its running balance and filters need.
      k.index('activities_timeline_idx').on(t.companyId, t.timeStamp, t.createdAt, t.id, t.status, t.activityType, t.hundredths),
      k.uniqueIndex('activities_invoice_unique').on(t.invoiceId),
      k.uniqueIndex('activities_time_log_unique').on(t.timeLogId),
    ],
  );

  /*
   * The blocks of hours that expire (src/shared/hour-blocks.ts): one for each paid purchase whose
   * hours have a validity, and one for the hours each of those rolled over. The figures are what a
   * replay of the company's ledger gives, kept in step by every ledger write; expiredAt is set when
   * the block's expiry is written to the ledger (its Expired entry, and its Rollover pair and
   * rolled-over block when hours roll over).
   */
  const hourBlocks = k.table(
    'hour_blocks',
    {
      id: k.id(),
      companyId: k.text('company_id')
        .notNull()
        .references(() => companies.id, { onDelete: 'restrict' }),
      /** The entry that brought the hours: the purchase's TimeAdd, or the rolled-over block's Rollover entry. */
      entryId: k.text('entry_id')
        .notNull()
        .unique()
        .references(() => activities.id, { onDelete: 'restrict' }),
      /** The block whose unused hours this one holds; null for a purchase's block. */
      rolledFromId: k.text('rolled_from_id').references((): AnySQLiteColumn => hourBlocks.id, { onDelete: 'restrict' }),
      expiresAt: k.instant('expires_at').notNull(),
      rolloverLimit: k.int('rollover_limit'),
      rolloverUnit: k.text('rollover_unit', { enum: ROLLOVER_UNITS }),
      /** When the rolled-over hours expire in turn; null without rollover terms. */
      rolloverExpiresAt: k.instant('rollover_expires_at'),
      /** Hundredths left unused at the expiry, as the ledger stands, and how many of them roll over. */
      unusedHundredths: k.int('unused_hundredths').notNull().default(0),
      rolledHundredths: k.int('rolled_hundredths').notNull().default(0),
      /**
       * Hundredths of the rolled-over ones left unused when the block they roll into expires in turn,
       * as the ledger stands: the new block's figure from its first moment. Null when not yet worked
       * out (blocks settled before the figure was kept); the expiry run then replays the company.
       */
      rolledUnusedHundredths: k.int('rolled_unused_hundredths'),
      expiredAt: k.instant('expired_at'),
      /** The entries written at the expiry: the unused hours that expired, and those that rolled over (the Rollover entry out). */
      expiredEntryId: k.text('expired_entry_id').references(() => activities.id, { onDelete: 'restrict' }),
      rolloverEntryId: k.text('rollover_entry_id').references(() => activities.id, { onDelete: 'restrict' }),
      /** When the customer was warned of the expiry, two weeks and a day ahead. */
      warnedEarlyAt: k.instant('warned_early_at'),
      warnedLateAt: k.instant('warned_late_at'),
      createdAt: k.instant('created_at').notNull(),
    },
    (t) => [
      k.index('hour_blocks_company_idx').on(t.companyId, t.expiresAt),
      // the blocks whose expiry is still to be written, for the expiry run and the warnings
      k.index('hour_blocks_due_idx').on(t.expiresAt).where(sql.raw('expired_at is null')),
      k.index('hour_blocks_rolled_from_idx').on(t.rolledFromId),
    ],
  );

  /*
   * Monthly plans: a company invoiced for a package's hours every month on a chosen day (at most one
   * plan a company). The package's numbers and hour terms are copied when the plan is set. nextPeriod
   * is the month (YYYY-MM) the plan considers next and nextIssueAt when its invoice is due (null once
   * the plan has ended); the scheduled work moves both on as it issues (or skips, while paused).
   */
  const plans = k.table(
    'plans',
    {
      id: k.id(),
      companyId: k.text('company_id')
        .notNull()
        .unique()
        .references(() => companies.id, { onDelete: 'restrict' }),
      packageId: k.text('package_id').references(() => packages.id, { onDelete: 'set null' }),
      description: k.text('description').notNull(),
      hundredths: k.int('hundredths').notNull(),
      rateCents: k.int('rate_cents').notNull(),
      validityMonths: k.int('validity_months'),
      rolloverLimit: k.int('rollover_limit'),
      rolloverUnit: k.text('rollover_unit', { enum: ROLLOVER_UNITS }),
      rolloverMonths: k.int('rollover_months'),
      /** The day of the month (1 to 28) the invoice is issued, in the provider's time zone. */
      dayOfMonth: k.int('day_of_month').notNull(),
      firstPeriod: k.text('first_period').notNull(),
      /** Months up to and including this one are skipped; null: not paused. */
      pausedUntil: k.text('paused_until'),
      /** The last month invoiced; null: no end. */
      lastPeriod: k.text('last_period'),
      nextPeriod: k.text('next_period').notNull(),
      nextIssueAt: k.instant('next_issue_at'),
      createdAt: k.instant('created_at').notNull(),
    },
    (t) => [k.index('plans_next_issue_idx').on(t.nextIssueAt)],
  );

  /** Each month a plan invoiced, once: the unique key is what keeps a month from being invoiced twice. */
  const planPeriods = k.table(
    'plan_periods',
    {
      id: k.id(),
      planId: k.text('plan_id')
        .notNull()
        .references(() => plans.id, { onDelete: 'restrict' }),
      period: k.text('period').notNull(),
      invoiceId: k.text('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
      createdAt: k.instant('created_at').notNull(),
    },
    (t) => [k.uniqueIndex('plan_periods_plan_period_unique').on(t.planId, t.period)],
  );

  /** Every email is written here in the transaction that causes it; a worker delivers it. */
  const outbox = k.table(
    'outbox',
    {
      id: k.id(),
      toAddresses: k.text('to_addresses').notNull(),
      subject: k.text('subject').notNull(),
      textBody: k.text('text_body').notNull(),
      htmlBody: k.text('html_body').notNull(),
      attachments: k.json<{ filename: string; contentType: string; source: string }[]>('attachments')
        .notNull()
        .default([]),
      status: k.text('status', { enum: ['pending', 'sent', 'failed'] })
        .notNull()
        .default('pending'),
      attempts: k.int('attempts').notNull().default(0),
      nextAttemptAt: k.instant('next_attempt_at').notNull(),
      lastError: k.text('last_error'),
      createdAt: k.instant('created_at').notNull(),
      sentAt: k.instant('sent_at'),
      /** The bodies carry a single-use link: they are blanked once the email is sent or given up. */
      clearAfterSend: k.flag('clear_after_send').notNull().default(false),
    },
    (t) => [k.index('outbox_due_idx').on(t.status, t.nextAttemptAt)],
  );

  /**
   * A user's authenticator (TOTP) secret, encrypted with a key derived from the link-signing key.
   * enabledAt is null while enrolment waits for its first code; lastUsedStep refuses a code twice.
   */
  const twoFactor = k.table('two_factor', {
    userId: k.text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    secretCipher: k.text('secret_cipher').notNull(),
    enabledAt: k.instant('enabled_at'),
    lastUsedStep: k.int('last_used_step').notNull().default(0),
    createdAt: k.instant('created_at').notNull(),
  });

  /** One-time recovery codes, stored only as SHA-256 hashes; usedAt marks one spent. */
  const twoFactorRecoveryCodes = k.table(
    'two_factor_recovery_codes',
    {
      id: k.id(),
      userId: k.text('user_id')
        .notNull()
        .references(() => users.id, { onDelete: 'cascade' }),
      codeHash: k.text('code_hash').notNull(),
      usedAt: k.instant('used_at'),
    },
    (t) => [k.index('two_factor_recovery_codes_user_idx').on(t.userId)],
  );

  /** Settings the super-admin changes in the app, one row per key, the value as JSON text. */
  const settings = k.table('settings', {
    key: k.text('key').primaryKey(),
    value: k.text('value').notNull(),
  });

  /*
   * The rate limits' fixed windows, where several processes must count together (PostgreSQL): one
   * row per counted key (an action and an address, an email address, a user or an account), its
   * window's start and length, and the attempts counted in it. A single process (SQLite) counts in
   * its memory and leaves the table empty.
   */
  const rateWindows = k.table('rate_windows', {
    key: k.text('key').primaryKey(),
    startedAt: k.instant('started_at').notNull(),
    windowMs: k.int('window_ms').notNull(),
    count: k.int('count').notNull(),
  });

  /*
   * What happened, for the audit log and the webhooks: one row per change, written in the
   * transaction that makes it, never changed or deleted by the app (only by the retention purge).
   * Actor and company are copied, not referenced: an event outlives the user or company it names.
   */
  const events = k.table(
    'events',
    {
      id: k.id(),
      occurredAt: k.instant('occurred_at').notNull(),
      /** What happened, e.g. 'invoice.updated' (EVENT_TYPES in src/shared/events.ts). */
      type: k.text('type').notNull(),
      /** The signed-in user who did it; null for the scheduled work, or a sign-in by no known user. */
      actorId: k.text('actor_id'),
      /** The actor as shown at the time: name and email, or 'Scheduled work'. */
      actorLabel: k.text('actor_label').notNull(),
      /** The customer company the change concerns, if any. */
      companyId: k.text('company_id'),
      /** The record changed: its kind ('invoice') and id. */
      subjectType: k.text('subject_type').notNull(),
      subjectId: k.text('subject_id'),
      /** The fields changed, each as it was and as it became; what was created or removed, whole. */
      changes: k.json<Record<string, { before: unknown; after: unknown }>>('changes').notNull().default({}),
      /** The address the request came from; null for the scheduled work. */
      ipAddress: k.text('ip_address'),
    },
    (t) => [
      // each ends with the rowid (SQLite's own, PostgreSQL's by the kit): the events of one change
      // share its instant and come in the order they were written
      k.index('events_time_idx').on(t.occurredAt),
      k.index('events_company_idx').on(t.companyId, t.occurredAt),
      // a record's History: ids are unique across kinds, so the id alone finds its events
      k.index('events_subject_idx').on(t.subjectId, t.occurredAt),
      // the audit log's type and actor filters, each walked newest first
      k.index('events_type_idx').on(t.type, t.occurredAt),
      k.index('events_actor_idx').on(t.actorId, t.occurredAt),
    ],
  );

  /**
   * The provider's webhook endpoints (docs/product-rules.md, webhooks): where events are posted,
   * which types, and the signing secret, sealed with the link-signing key like the two-factor
   * secrets. An endpoint that keeps failing is disabled, with why and since when.
   */
  const webhookEndpoints = k.table('webhook_endpoints', {
    id: k.id(),
    url: k.text('url').notNull(),
    description: k.text('description').notNull().default(''),
    /** The event types it receives (EVENT_TYPES); an empty list receives none. */
    eventTypes: k.json<string[]>('event_types').notNull().default([]),
    secretCipher: k.text('secret_cipher').notNull(),
    enabled: k.flag('enabled').notNull().default(true),
    /** Why it was disabled, when the app disabled it. */
    disabledReason: k.text('disabled_reason'),
    createdAt: k.instant('created_at').notNull(),
    updatedAt: k.instant('updated_at').notNull(),
  });

  /**
   * One event's delivery to one endpoint: written in the event's transaction, sent by the webhook
   * worker, retried with backoff for a day. messageId is the Standard Webhooks `webhook-id`, the same
   * on every attempt and on a redelivery; the body is fixed when the delivery is made.
   */
  const webhookDeliveries = k.table(
    'webhook_deliveries',
    {
      id: k.id(),
      endpointId: k.text('endpoint_id')
        .notNull()
        .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
      messageId: k.text('message_id').notNull(),
      eventType: k.text('event_type').notNull(),
      body: k.text('body').notNull(),
      status: k.text('status', { enum: ['pending', 'delivered', 'failed'] }).notNull().default('pending'),
      attempts: k.int('attempts').notNull().default(0),
      nextAttemptAt: k.instant('next_attempt_at').notNull(),
      /** The last attempt: its HTTP status (null: no answer), how long it took, and what went wrong. */
      responseStatus: k.int('response_status'),
      durationMs: k.int('duration_ms'),
      lastError: k.text('last_error'),
      createdAt: k.instant('created_at').notNull(),
      deliveredAt: k.instant('delivered_at'),
    },
    (t) => [k.index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt), k.index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt)],
  );

  /**
   * Payments a customer says they have sent (docs/product-rules.md#payments-the-customer-reports):
   * nothing here counts toward a balance. The provider confirms one (it becomes the payment named
   * by paymentId) or rejects it with a reason. Amounts in cents as payments keep them; paidOn is the
   * day the customer says they paid (YYYY-MM-DD). The proof, when one was sent, is kept beside it
   * in reported_payment_proofs so that lists never read its bytes.
   */
  const reportedPayments = k.table(
    'reported_payments',
    {
      id: k.id(),
      invoiceId: k.text('invoice_id')
        .notNull()
        .references(() => invoices.id, { onDelete: 'cascade' }),
      companyId: k.text('company_id')
        .notNull()
        .references(() => companies.id, { onDelete: 'restrict' }),
      /** Who reported it; kept when the user is deleted, as the report still stands. */
      reportedBy: k.text('reported_by').references(() => users.id, { onDelete: 'set null' }),
      method: k.text('method').notNull(),
      amountCents: k.int('amount_cents').notNull(),
      paidOn: k.text('paid_on').notNull(),
      reference: k.text('reference').notNull().default(''),
      status: k.text('status', { enum: ['pending', 'confirmed', 'rejected'] }).notNull().default('pending'),
      rejectReason: k.text('reject_reason'),
      paymentId: k.text('payment_id').references(() => payments.id, { onDelete: 'set null' }),
      decidedBy: k.text('decided_by').references(() => users.id, { onDelete: 'set null' }),
      decidedAt: k.instant('decided_at'),
      createdAt: k.instant('created_at').notNull(),
    },
    (t) => [
      // the provider's list of reports awaiting a decision, newest first
      k.index('reported_payments_status_idx').on(t.status, t.createdAt),
      // an invoice's reports, newest first: the invoice lists show the latest
      k.index('reported_payments_invoice_idx').on(t.invoiceId, t.createdAt),
    ],
  );

  /** A reported payment's proof: a PDF, PNG or JPEG of at most 5 MB, its type read from its bytes. */
  const reportedPaymentProofs = k.table('reported_payment_proofs', {
    reportedPaymentId: k.text('reported_payment_id')
      .primaryKey()
      .references(() => reportedPayments.id, { onDelete: 'cascade' }),
    contentType: k.text('content_type').notNull(),
    size: k.int('size').notNull(),
    data: k.bytes('data').notNull(),
  });

  return {
    companies,
    users,
    sessions,
    passwordTokens,
    tasks,
    taskHistory,
    packages,
    invoiceNumberSequence,
    invoices,
    payments,
    timeLogs,
    activities,
    hourBlocks,
    plans,
    planPeriods,
    outbox,
    twoFactor,
    twoFactorRecoveryCodes,
    settings,
    rateWindows,
    events,
    webhookEndpoints,
    webhookDeliveries,
    reportedPayments,
    reportedPaymentProofs,
  };
}

/** The tables as the services see them (typed as SQLite's on both engines, see kit.ts). */
export type Tables = ReturnType<typeof defineTables>;
