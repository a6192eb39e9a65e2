import { postgresKit } from './kit.js';
import { defineTables } from './tables.js';

/* The PostgreSQL tables (drizzle-kit reads this file to write the PostgreSQL migrations). */
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
} = defineTables(postgresKit);
