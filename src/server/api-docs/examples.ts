import { NEW_LINK_SENT, PASSWORD_CHANGED, PASSWORD_RESET_DONE, RESET_LINK_SENT, SIGNED_OUT, SIGN_UP_DONE } from '../modules/account/service.js';
import { DISABLED, ENABLED, POLICY_SAVED } from '../modules/two-factor/service.js';

export type Schema = {
  type?: string | string[];
  format?: string;
  description?: string;
  enum?: unknown[];
  default?: unknown;
  example?: unknown;
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  minimum?: number;
  maximum?: number;
  $ref?: string;
};

/** Example values by field name, where the type alone would say nothing (an id, a name, an amount). */
const BY_NAME: Record<string, unknown> = {
  _id: '3f0c2a9e6b1d4c8e',
  id: '3f0c2a9e6b1d4c8e',
  userId: '3f0c2a9e6b1d4c8e',
  company: '9b2e41d07a6c4f15',
  invoice: '5d7f13c2e8a94b60',
  packageId: '7a1c5e9b3d2f4a60',
  task: '2c8d6f1a9e3b4d07',
  companyName: 'Acme Ltd',
  firstName: 'Ada',
  lastName: 'Lovelace',
  name: 'Ada Lovelace',
  emailAddress: 'ada@example.com',
  password: 'correct horse battery',
  currentPassword: 'correct horse battery',
  newPassword: 'a longer passphrase of mine',
  token: 'a7Qx…(the session token)',
  challenge: 'eyJhbGciOiJIUzI1NiJ9…(the challenge from POST /account/login)',
  code: '492039',
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUri: 'otpauth://totp/Hourbank%20Consulting:ada%40example.com?issuer=Hourbank+Consulting&algorithm=SHA1&secret=JBSWY3DPEHPK3PXP&period=30&digits=6',
  qrCode: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0…',
  recoveryCodes: 'k3m6p-2xq7d',
  invoiceId: '2026-0042',
  pdfUrl: '/api/invoices/3f0c2a9e6b1d4c8e/pdf?exp=1772463845&sig=…',
  description: 'Migration of the billing service',
  title: 'Migrate the billing service',
  taskTitle: 'Migrate the billing service',
  newTaskTitle: 'Review the invoice template',
  changedField: 'priority',
  oldValue: '10',
  newValue: '1',
  amount: 250,
  rate: 100,
  balance: 250,
  price: 500,
  remainingBalance: 250,
  completeStatus: false,
  done: false,
  deleted: false,
  transactionId: 'TX-2026-0042',
  hours: 5,
  targetHours: 35,
  validityMonths: 3,
  rollover: { limit: 2, unit: 'hours', months: 1 },
  expiresOn: '2026-06-02',
  rolledOver: false,
  role: 'admin',
  isAdmin: true,
  isSuperAdmin: false,
  method: 'ACH',
  status: 'completed',
  phone: '+1 555 0100',
  companyPhone: '+1 555 0100',
  mobile: '+1 555 0101',
  address: '1 Main Street, Springfield, IL 62701',
  companyAddress: '1 Main Street, Springfield, IL 62701',
  bankName: 'First Bank of Springfield',
  routingNumber: '021000021',
  accountNumber: '000123456789',
  paymentEmail: 'payments@provider.example',
  email: 'billing@provider.example',
  businessAddress: '200 Harbor Way, Suite 4, Portland, ME 04101',
  otherInstructions: 'Card payments: call us and we take them by phone.',
  website: 'https://acme.example',
  month: '2026-03',
  weekEnd: '2026-03-08',
  runsOutOn: '2026-04-20',
  checkAddress: 'PO Box 42, Springfield, IL 62705',
  timeZone: 'America/New_York',
  schedulerWebhookUrl: 'https://script.example.com/macros/s/AKfy…/exec',
  mailFrom: '"Lovelace Consulting" <billing@lovelace.example>',
  defaultMailFrom: '"Lovelace Consulting" <no-reply@localhost>',
  lowBalanceHours: 5,
  dataUrl: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAA…',
  to: 'ada@example.com',
  folder: '/srv/hourbank/data/outbox',
  setting: 'PROVIDER_BANK_NAME',
  label: 'Bank name',
  message: 'Done.',
  url: '/api/activities/export.csv?q=…&exp=…&sig=…',
  paidOn: '2026-03-02',
  reference: 'ZL-20260302-118',
  proof: 'data:application/pdf;base64,JVBERi0xLjcKJcfsj6IK…',
  reason: 'No transfer with that reference has arrived; please check the account number.',
  reportedBy: 'Ada Lovelace',
};

type Fields = Record<string, unknown>;

/** The token of an emailed reset or set-password link (the last part of its URL). */
const LINK_TOKEN = 'eyJhbGciOiJIUzI1NiJ9…(from the emailed link)';
/** The invoice rows' example: 500 dollars, 250 of it paid, so Pending (partly paid: remainingBalance below price). */
const INVOICE_PARTLY_PAID: Fields = { status: 'Pending' };

/** A report as it waits for the provider: $250 by Zelle with a PDF proof. */
const REPORT_PENDING: Fields = {
  method: 'Zelle',
  amount: 250,
  status: 'pending',
  rejectReason: null,
  payment: null,
  decidedAt: null,
  proof: { contentType: 'application/pdf', bytes: 48213 },
};

/**
 * What field names cannot tell, by operation: the message it answers, a link's own path, figures
 * that belong together. Laid over the generated example (over each row of a list); a field set to
 * undefined is left out.
 */
export const OPERATION_EXAMPLES: Record<string, { request?: Fields; response?: Fields }> = {
  'POST /account/login': { response: { twoFactorSetupRequired: undefined } },
  'POST /account/signup': { response: { message: SIGN_UP_DONE } },
  'POST /account/forgot-password': { response: { message: RESET_LINK_SENT } },
  'POST /account/resend-link': { request: { token: LINK_TOKEN }, response: { message: NEW_LINK_SENT } },
  'POST /account/reset-password': { request: { token: LINK_TOKEN }, response: { message: PASSWORD_RESET_DONE } },
  'POST /account/profile/changepassword': { response: { message: PASSWORD_CHANGED } },
  'POST /account/logout': { response: { message: SIGNED_OUT } },
  'GET /account/two-factor': { response: { recoveryCodesLeft: 9, required: false } },
  'POST /account/two-factor/enable': { response: { message: ENABLED } },
  'POST /account/two-factor/disable': { response: { message: DISABLED } },
  'PUT /superadmin/two-factor-policy': { response: { message: POLICY_SAVED } },
  'POST /invoices/{invoice}/reported-payments': { request: { method: 'Zelle', amount: 250 }, response: REPORT_PENDING },
  'GET /reported-payments/{id}/proof/link': { response: { url: '/api/reported-payments/3f0c2a9e6b1d4c8e/proof?q=…&exp=…&sig=…' } },
  'GET /superadmin/reported-payments': { response: { count: 1, oldest: [{ ...REPORT_PENDING, company: '9b2e41d07a6c4f15', invoice: { _id: '5d7f13c2e8a94b60', invoiceId: '2026-0042' } }] } },
  'POST /superadmin/reported-payments/{id}/confirm': { request: { method: 'Zelle', amount: 250 }, response: { ...REPORT_PENDING, status: 'confirmed', payment: '8c4a2e1f9b3d4e70', decidedAt: '2026-03-03T09:12:00.000Z' } },
  'POST /superadmin/reported-payments/{id}/reject': {
    response: { ...REPORT_PENDING, status: 'rejected', rejectReason: 'No transfer with that reference has arrived; please check the account number.', decidedAt: '2026-03-03T09:12:00.000Z' },
  },
  'GET /activities/statement/link': { response: { url: '/api/activities/statement.pdf?q=…&exp=…&sig=…' } },
  'GET /superadmin/exports/{list}/link': { response: { url: '/api/superadmin/exports/companies.csv?q=…&exp=…&sig=…' } },
  'GET /dashboard': { response: { hourBalance: { balance: 20, pending: 10, recentPurchase: 40, used: 20, remainingPercent: 50 } } },
  'GET /invoices': { response: INVOICE_PARTLY_PAID },
  'GET /superadmin/allinvoices': { response: INVOICE_PARTLY_PAID },
  'POST /superadmin/invoices': { response: INVOICE_PARTLY_PAID },
  'PUT /superadmin/invoices/{id}': { response: INVOICE_PARTLY_PAID },
  'PUT /superadmin/invoices/openbal/{id}': { response: { message: 'An open balance reminder for invoice 2026-0042 has been sent.' } },
  'PUT /superadmin/users/sendsetpassword/{id}': { response: { message: 'A set-password link has been emailed to ada@example.com.' } },
  'PUT /superadmin/users/reset-two-factor/{id}': { response: { message: 'Two-factor sign-in has been reset for ada@example.com. They have been signed out and emailed.' } },
  'PUT /superadmin/companies/email/{kind}/{companyId}': { response: { message: 'A running-low balance email was sent to 2 users of Acme Ltd.' } },
  'GET /superadmin/companies/email/{kind}/{companyId}/preview': {
    response: {
      kind: 'runningLow',
      to: ['ada@example.com'],
      subject: 'Your hour balance is running low — Hourbank Consulting',
      text: 'Hello Acme Ltd team,\n\nYour prepaid hour balance with Hourbank Consulting is running low: 3.5 hours left.\n\n…\n\n— Hourbank Consulting',
      html: '<!doctype html><html><body>…</body></html>',
    },
  },
  'POST /superadmin/companies/email-running-low': {
    response: { sent: 3, skipped: 1, remaining: 0, message: 'Balance emails were sent to 3 companies. 1 company skipped: emailed within the last 24 hours or without approved users.' },
  },
  'POST /superadmin/schedule': { request: { items: [{ name: 'Acme Ltd', hours: 4.5 }, { name: 'Globex', hours: 1 }] }, response: { message: 'The schedule for 2 companies was sent.' } },
  'GET /superadmin/settings': { response: { name: 'Lovelace Consulting', email: 'billing@lovelace.example', unsaved: ['schedulerWebhookUrl'], logo: { url: '/api/branding/logo?v=3f0c2a9e6b1d4c8e', contentType: 'image/png', bytes: 18342 } } },
  'PUT /superadmin/settings': { request: { name: 'Lovelace Consulting', email: 'billing@lovelace.example' }, response: { name: 'Lovelace Consulting', email: 'billing@lovelace.example', unsaved: [] } },
  'PUT /superadmin/settings/logo': { response: { name: 'Lovelace Consulting', logo: { url: '/api/branding/logo?v=3f0c2a9e6b1d4c8e', contentType: 'image/png', bytes: 18342 } } },
  'DELETE /superadmin/settings/logo': { response: { message: 'The logo was removed.' } },
  'POST /superadmin/setup/test-email': { response: { status: 'pending', sentAt: null, lastError: null } },
  'GET /invoices/unpaid': { response: { count: 2, openBalance: 2250 } },
  'GET /superadmin/overview/receivable': { response: { unpaidCount: 3, partlyPaidCount: 1, totalReceivable: 12500 } },
  'GET /superadmin/events': {
    response: {
      occurredAt: '2026-03-02T15:04:05.000Z',
      type: 'invoice.updated',
      actorId: '3f0c2a9e6b1d4c8e',
      actorLabel: 'Ada Lovelace <ada@example.com>',
      companyId: '9b2e41d07a6c4f15',
      subjectType: 'invoice',
      subjectId: '5d7f13c2e8a94b60',
      changes: { price: { before: 500, after: 450 }, description: { before: 'Ten hours', after: 'Ten hours, less the first' } },
      ipAddress: '203.0.113.7',
    },
  },
  'GET /superadmin/events/types': { response: { type: 'invoice.updated', meaning: 'An invoice changed.' } },
};

/** The generated example with the operation's own fields laid over it (over each row of a list). */
export function withOperationFields(example: unknown, fields: Fields | undefined): unknown {
  if (!fields) return example;
  if (Array.isArray(example)) return example.map((row) => withOperationFields(row, fields));
  if (!example || typeof example !== 'object') return example;
  const merged: Fields = { ...(example as Fields), ...fields };
  for (const [name, value] of Object.entries(fields)) if (value === undefined) delete merged[name];
  return merged;
}

const BY_FORMAT: Record<string, string> = { 'date-time': '2026-03-02T15:04:05.000Z', date: '2026-03-02', email: 'ada@example.com', uri: 'https://acme.example' };

/** A plausible example of a value of the schema, to show the shape of a request or an answer. */
export function exampleOf(schema: Schema, name?: string, depth = 0): unknown {
  if (schema.example !== undefined) return schema.example;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.anyOf?.length) return exampleOf(schema.anyOf.find((option) => option.type !== 'null') ?? schema.anyOf[0]!, name, depth);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'object' || schema.properties) {
    if (depth > 6) return {};
    return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, property]) => [key, exampleOf(property, key, depth + 1)]));
  }
  if (type === 'array') return schema.items ? [exampleOf(schema.items, name, depth + 1)] : [];
  if (schema.default !== undefined) return schema.default;
  if (name && name in BY_NAME) {
    const value = BY_NAME[name];
    if (type === 'string' || typeof value !== 'string') return value;
  }
  if (schema.format && BY_FORMAT[schema.format]) return BY_FORMAT[schema.format];
  if (type === 'boolean') return true;
  if (type === 'integer') return schema.minimum !== undefined && schema.minimum > 1 ? schema.minimum : 1;
  if (type === 'number') return schema.minimum !== undefined && schema.minimum > 0 ? schema.minimum : 10;
  if (type === 'string') return schema.format === 'binary' ? undefined : 'text';
  return null;
}
