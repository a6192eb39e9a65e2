import { and, eq, gt, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { companies } from '../../../../drizzle/schema.js';
import { balanceAlertStep } from '../../../shared/balance-alerts.js';
import type { BalanceEmailKind } from '../../../shared/companies.js';
import { changedFields } from '../../../shared/events.js';
import { hundredthsToHours } from '../../../shared/hours.js';
import type { Tx } from '../../db.js';
import type { AppDeps } from '../../deps.js';
import { companyAdminRecipientsOf, providerRecipients } from '../../mail/recipients.js';
import type { Email } from '../../mail/outbox.js';
import type { BalanceChange } from '../activities/company-hours.js';
import { AUTOMATIC, recordEvents, type EventSource } from '../events/service.js';
import { balanceEmail, providerBalanceNotice } from './emails.js';
import { forecastsOf } from './forecasts.js';
import { providerOf, readSettings, type EffectiveSettings } from '../settings/service.js';

/*
 * The automatic low-balance alerts (docs/product-rules.md#low-balance-alerts-and-the-run-out-forecast).
 * Every change of a company's balance passes here inside the transaction that makes it, so an alert
 * is queued exactly when the change is committed, whichever write caused it. An alert is the app's
 * own doing, so its balance_email.sent event is recorded as AUTOMATIC, not as the write's caller.
 */

/** The column noting when each kind was last sent, named as the company's API field is. */
const emailedAtColumn = { runningLow: 'runningLowEmailedAt', negative: 'negativeEmailedAt' } as const;

/** A company a balance email went to, with when each kind was last sent before it. */
type EmailedCompany = Pick<typeof companies.$inferSelect, 'id' | 'runningLowEmailedAt' | 'negativeEmailedAt'>;

/**
 * Notes when a balance email of a kind was last sent to the company, by hand or automatically, and
 * records the email as `source`'s.
 */
export async function recordBalanceEmail(tx: Tx, source: EventSource, company: EmailedCompany, kind: BalanceEmailKind, at: Date): Promise<void> {
  await recordBalanceEmails(tx, source, [company], kind, at);
}

/** The same for many companies at once: one update, and their balance_email.sent events in a batch. */
async function recordBalanceEmails(tx: Tx, source: EventSource, emailed: readonly EmailedCompany[], kind: BalanceEmailKind, at: Date): Promise<void> {
  const { companies } = tx.t;
  const field = emailedAtColumn[kind];
  await tx.update(companies).set({ [field]: at }).where(inArray(companies.id, emailed.map((company) => company.id)));
  await recordEvents(
    tx,
    source,
    at,
    emailed.map((company) => ({
      type: 'balance_email.sent',
      companyId: company.id,
      subjectType: 'company',
      subjectId: company.id,
      changes: changedFields({ [field]: company[field]?.toISOString() ?? null }, { [field]: at.toISOString() }, [field]),
    })),
  );
}

type AlertedCompany = Pick<
  typeof companies.$inferSelect,
  'id' | 'companyName' | 'balanceHundredths' | 'pendingHundredths' | 'lowBalanceHundredths' | 'balanceAlert' | 'runningLowEmailedAt' | 'negativeEmailedAt'
>;

const alertedFields = (companies: Tx['t']['companies']) => ({
  id: companies.id,
  companyName: companies.companyName,
  balanceHundredths: companies.balanceHundredths,
  pendingHundredths: companies.pendingHundredths,
  lowBalanceHundredths: companies.lowBalanceHundredths,
  balanceAlert: companies.balanceAlert,
  runningLowEmailedAt: companies.runningLowEmailedAt,
  negativeEmailedAt: companies.negativeEmailedAt,
});

type Alert = { kind: BalanceEmailKind; company: AlertedCompany };

/**
 * Each company's admins get its balance email, the provider a notice of each; both quote the
 * forecast. Whatever the number of alerts, the provider, the admins and the forecasts are read once
 * and the emails queued together.
 */
async function sendAlerts(deps: AppDeps, tx: Tx, settings: EffectiveSettings, alerts: readonly Alert[]): Promise<void> {
  if (alerts.length === 0) return;
  const companyIds = alerts.map(({ company }) => company.id);
  const forecasts = await forecastsOf(deps, tx, alerts.map(({ company }) => company), settings.timeZone);
  const provider = await providerOf(deps.config, tx);
  const providerTo = await providerRecipients(tx, provider);
  const adminsOf = await companyAdminRecipientsOf(tx, companyIds);
  const emails: Email[] = [];
  const emailed: Alert[] = [];
  for (const alert of alerts) {
    const { kind, company } = alert;
    const notice = {
      companyName: company.companyName,
      hourBalance: hundredthsToHours(company.balanceHundredths),
      pendingHours: hundredthsToHours(company.pendingHundredths),
      forecast: forecasts.get(company.id) ?? null,
    };
    const admins = adminsOf.get(company.id) ?? [];
    if (admins.length > 0) {
      emails.push({ to: admins, ...balanceEmail(kind, provider, notice, deps.config.appUrl) });
      emailed.push(alert);
    }
    const thresholdHours = hundredthsToHours(thresholdIn(settings, company));
    emails.push({ to: providerTo, ...providerBalanceNotice(kind, provider, { ...notice, thresholdHours, told: admins.length }, deps.config.appUrl) });
  }
  await deps.outbox.enqueueAll(tx, emails);
  for (const kind of ['runningLow', 'negative'] as const) {
    const companiesEmailed = emailed.filter((alert) => alert.kind === kind).map(({ company }) => company);
    if (companiesEmailed.length > 0) await recordBalanceEmails(tx, AUTOMATIC, companiesEmailed, kind, deps.clock.now());
  }
}

/** The threshold that applies to a company: its own, or the provider's default. */
const thresholdIn = (settings: Pick<EffectiveSettings, 'lowBalanceHundredths'>, company: Pick<AlertedCompany, 'lowBalanceHundredths'>) =>
  company.lowBalanceHundredths ?? settings.lowBalanceHundredths;

export const thresholdOf = async (deps: Pick<AppDeps, 'config'>, tx: Tx, company: Pick<AlertedCompany, 'lowBalanceHundredths'>) =>
  thresholdIn(await readSettings(deps.config, tx), company);

/** Companies read per statement when many balances changed at once (the expiry run). */
const READ_BATCH = 500;

/**
 * The balance watcher (AppDeps.balanceWatcher): sends the alerts the changes call for and keeps each
 * company's alert on record. Changes are taken in order, so a company changed twice is judged twice,
 * as two writes one after the other would be. The companies, the settings and the forecasts of
 * those alerted are read once for all the changes.
 */
export async function alertOnBalanceChanges(deps: AppDeps, tx: Tx, changes: readonly BalanceChange[]): Promise<void> {
  const { companies } = tx.t;
  const ids = [...new Set(changes.map((change) => change.companyId))];
  const byId = new Map<string, AlertedCompany>();
  for (let at = 0; at < ids.length; at += READ_BATCH) {
    const rows = await tx.select(alertedFields(companies)).from(companies).where(inArray(companies.id, ids.slice(at, at + READ_BATCH)));
    for (const row of rows) byId.set(row.id, row);
  }
  if (byId.size === 0) return;
  const settings = await readSettings(deps.config, tx);
  const alerts: Alert[] = [];
  const recorded = new Map(Array.from(byId.values(), (company) => [company.id, company.balanceAlert]));
  for (const { companyId, was, is } of changes) {
    const company = byId.get(companyId);
    if (!company) continue;
    const step = balanceAlertStep(was, is, thresholdIn(settings, company), company.balanceAlert);
    if (step.send) alerts.push({ kind: step.send, company });
    company.balanceAlert = step.sent;
  }
  await sendAlerts(deps, tx, settings, alerts);
  await recordAlerts(tx, [...byId.values()].filter((company) => company.balanceAlert !== recorded.get(company.id)));
}

/** Keeps each company's alert on record: one statement per value the alerts now hold. */
async function recordAlerts(tx: Tx, changed: AlertedCompany[]): Promise<void> {
  const { companies } = tx.t;
  for (const value of [null, 'runningLow', 'negative'] as const) {
    const ids = changed.filter((company) => company.balanceAlert === value).map((company) => company.id);
    for (let at = 0; at < ids.length; at += READ_BATCH) {
      await tx.update(companies).set({ balanceAlert: value }).where(inArray(companies.id, ids.slice(at, at + READ_BATCH)));
    }
  }
}

/** A changed threshold re-arms the alerts of a company whose balance is now above it. */
export async function rearmIfAbove(deps: Pick<AppDeps, 'config'>, tx: Tx, company: Pick<AlertedCompany, 'id' | 'balanceAlert' | 'balanceHundredths' | 'lowBalanceHundredths'>): Promise<void> {
  const { companies } = tx.t;
  if (company.balanceAlert && company.balanceHundredths > (await thresholdOf(deps, tx, company))) {
    await tx.update(companies).set({ balanceAlert: null }).where(eq(companies.id, company.id));
  }
}

/**
 * A new provider-wide threshold re-arms the alerts of every company that follows it and whose
 * balance is now above it, as a company's own new threshold does for that company. Answers how
 * many were re-armed.
 */
export async function rearmAboveDefault(tx: Tx, threshold: number): Promise<number> {
  const { companies } = tx.t;
  const rearmed = await tx
    .update(companies)
    .set({ balanceAlert: null })
    .where(and(isNotNull(companies.balanceAlert), isNull(companies.lowBalanceHundredths), gt(companies.balanceHundredths, threshold)))
    .returning({ id: companies.id });
  return rearmed.length;
}
