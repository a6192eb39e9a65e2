import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import { companies } from '../../../../drizzle/schema.js';
import { balanceAlertStep } from '../../../shared/balance-alerts.js';
import type { BalanceEmailKind } from '../../../shared/companies.js';
import { hundredthsToHours } from '../../../shared/hours.js';
import type { Tx } from '../../db.js';
import type { AppDeps } from '../../deps.js';
import { companyAdminRecipients, providerRecipients } from '../../mail/recipients.js';
import type { BalanceWatcher } from '../activities/company-hours.js';
import { balanceEmail, providerBalanceNotice } from './emails.js';
import { forecastOf } from './forecasts.js';
import { providerOf, readSettings } from '../settings/service.js';

/*
 * The automatic low-balance alerts (docs/product-rules.md#low-balance-alerts-and-the-run-out-forecast).
 * Every change of a company's balance passes here inside the transaction that makes it, so an alert
 * is queued exactly when the change is committed, whichever write caused it.
 */

const emailedAtColumn = { runningLow: 'runningLowEmailedAt', negative: 'negativeEmailedAt' } as const;

/** Notes when a balance email of a kind was last sent to the company, by hand or automatically. */
export function recordBalanceEmail(tx: Tx, companyId: string, kind: BalanceEmailKind, at: Date): void {
  tx.update(companies).set({ [emailedAtColumn[kind]]: at }).where(eq(companies.id, companyId)).run();
}

type AlertedCompany = Pick<
  typeof companies.$inferSelect,
  'id' | 'companyName' | 'balanceHundredths' | 'pendingHundredths' | 'lowBalanceHundredths' | 'balanceAlert'
>;

function readCompany(tx: Tx, companyId: string): AlertedCompany | undefined {
  return tx
    .select({
      id: companies.id,
      companyName: companies.companyName,
      balanceHundredths: companies.balanceHundredths,
      pendingHundredths: companies.pendingHundredths,
      lowBalanceHundredths: companies.lowBalanceHundredths,
      balanceAlert: companies.balanceAlert,
    })
    .from(companies)
    .where(eq(companies.id, companyId))
    .get();
}

/** The company's admins get the balance email, the provider a notice of it; both quote the forecast. */
function sendAlert(deps: AppDeps, tx: Tx, kind: BalanceEmailKind, company: AlertedCompany, threshold: number): void {
  const notice = {
    companyName: company.companyName,
    hourBalance: hundredthsToHours(company.balanceHundredths),
    pendingHours: hundredthsToHours(company.pendingHundredths),
    forecast: forecastOf(deps, tx, company),
  };
  const provider = providerOf(deps.config, tx);
  const admins = companyAdminRecipients(tx, company.id);
  if (admins.length > 0) {
    deps.outbox.enqueue(tx, { to: admins, ...balanceEmail(kind, provider, notice, deps.config.appUrl) });
    recordBalanceEmail(tx, company.id, kind, deps.clock.now());
  }
  const providerNotice = providerBalanceNotice(
    kind,
    provider,
    { ...notice, thresholdHours: hundredthsToHours(threshold), told: admins.length },
    deps.config.appUrl,
  );
  deps.outbox.enqueue(tx, { to: providerRecipients(tx, provider), ...providerNotice });
}

/** The threshold that applies to a company: its own, or the provider's default. */
export const thresholdOf = (deps: Pick<AppDeps, 'config'>, tx: Tx, company: Pick<AlertedCompany, 'lowBalanceHundredths'>) =>
  company.lowBalanceHundredths ?? readSettings(deps.config, tx).lowBalanceHundredths;

/** Watches the database's balances: sends the alert a change calls for and keeps the alert on record. */
export function balanceAlerts(deps: AppDeps): BalanceWatcher {
  return (tx, { companyId, was, is }) => {
    const company = readCompany(tx, companyId);
    if (!company) return;
    const threshold = thresholdOf(deps, tx, company);
    const step = balanceAlertStep(was, is, threshold, company.balanceAlert);
    if (step.send) sendAlert(deps, tx, step.send, company, threshold);
    if (step.sent !== company.balanceAlert) {
      tx.update(companies).set({ balanceAlert: step.sent }).where(eq(companies.id, companyId)).run();
    }
  };
}

/** A changed threshold re-arms the alerts of a company whose balance is now above it. */
export function rearmIfAbove(deps: Pick<AppDeps, 'config'>, tx: Tx, companyId: string): void {
  const company = readCompany(tx, companyId);
  if (company?.balanceAlert && company.balanceHundredths > thresholdOf(deps, tx, company)) {
    tx.update(companies).set({ balanceAlert: null }).where(eq(companies.id, companyId)).run();
  }
}

/**
 * A new provider-wide threshold re-arms the alerts of every company that follows it and whose
 * balance is now above it, as a company's own new threshold does for that company.
 */
export function rearmAboveDefault(tx: Tx, threshold: number): number {
  return tx
    .update(companies)
    .set({ balanceAlert: null })
    .where(and(isNotNull(companies.balanceAlert), isNull(companies.lowBalanceHundredths), gt(companies.balanceHundredths, threshold)))
    .run().changes;
}
