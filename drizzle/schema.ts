import { sqliteKit } from './kit.js';
import { defineTables } from './tables.js';

/* The SQLite tables (drizzle-kit reads this file to write the SQLite migrations). */
export const {
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
} = defineTables(sqliteKit);
export { invoiceBalanceCents, invoiceStatusWordSql, type Tables } from './tables.js';
