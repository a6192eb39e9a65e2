import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { companies } from '../../../../drizzle/schema.js';
import { balanceAlertStep } from '../../../shared/balance-alerts.js';
import type { BalanceEmailKind } from '../../../shared/companies.js';
import { hundredthsToHours } from '../../../shared/hours.js';
import type { Tx } from '../../db.js';
import type { AppDeps } from '../../deps.js';
import { companyAdminRecipients, providerRecipients } from '../../mail/recipients.js';
import type { BalanceChange } from '../activities/company-hours.js';
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
export async function recordBalanceEmail(tx: Tx, companyId: string, kind: BalanceEmailKind, at: Date): Promise<void> {
  const { companies } = tx.t;
  await tx.update(companies).set({ [emailedAtColumn[kind]]: at }).where(eq(companies.id, companyId));
}

type AlertedCompany = Pick<
  typeof companies.$inferSelect,
  'id' | 'companyName' | 'balanceHundredths' | 'pendingHundredths' | 'lowBalanceHundredths' | 'balanceAlert'
>;

async function readCompany(tx: Tx, companyId: string): Promise<AlertedCompany | undefined> {
  const { companies } = tx.t;
  const [company] = await tx
    .select({
      id: companies.id,
      companyName: companies.companyName,
      balanceHundredths: companies.balanceHundredths,
      pendingHundredths: companies.pendingHundredths,
      lowBalanceHundredths: companies.lowBalanceHundredths,
      balanceAlert: companies.balanceAlert,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  return company;
}

/** The company's admins get the balance email, the provider a notice of it; both quote the forecast. */
async function sendAlert(deps: AppDeps, tx: Tx, kind: BalanceEmailKind, company: AlertedCompany, threshold: number): Promise<void> {
  const notice = {
    companyName: company.companyName,
    hourBalance: hundredthsToHours(company.balanceHundredths),
    pendingHours: hundredthsToHours(company.pendingHundredths),
    forecast: await forecastOf(deps, tx, company),
  };
  const provider = await providerOf(deps.config, tx);
  const admins = await companyAdminRecipients(tx, company.id);
  if (admins.length > 0) {
    await deps.outbox.enqueue(tx, { to: admins, ...balanceEmail(kind, provider, notice, deps.config.appUrl) });
    await recordBalanceEmail(tx, company.id, kind, deps.clock.now());
  }
  const providerNotice = providerBalanceNotice(
    kind,
    provider,
    { ...notice, thresholdHours: hundredthsToHours(threshold), told: admins.length },
    deps.config.appUrl,
  );
  await deps.outbox.enqueue(tx, { to: await providerRecipients(tx, provider), ...providerNotice });
}

/** The threshold that applies to a company: its own, or the provider's default. */
export const thresholdOf = async (deps: Pick<AppDeps, 'config'>, tx: Tx, company: Pick<AlertedCompany, 'lowBalanceHundredths'>) =>
  company.lowBalanceHundredths ?? (await readSettings(deps.config, tx)).lowBalanceHundredths;

/** The balance watcher (AppDeps.balanceWatcher): sends the alert a change calls for and keeps the alert on record. */
export async function alertOnBalanceChange(deps: AppDeps, tx: Tx, { companyId, was, is }: BalanceChange): Promise<void> {
  const { companies } = tx.t;
  const company = await readCompany(tx, companyId);
  if (!company) return;
  const threshold = await thresholdOf(deps, tx, company);
  const step = balanceAlertStep(was, is, threshold, company.balanceAlert);
  if (step.send) await sendAlert(deps, tx, step.send, company, threshold);
  if (step.sent !== company.balanceAlert) {
    await tx.update(companies).set({ balanceAlert: step.sent }).where(eq(companies.id, companyId));
  }
}

/** A changed threshold re-arms the alerts of a company whose balance is now above it. */
export async function rearmIfAbove(deps: Pick<AppDeps, 'config'>, tx: Tx, companyId: string): Promise<void> {
  const { companies } = tx.t;
  const company = await readCompany(tx, companyId);
  if (company?.balanceAlert && company.balanceHundredths > (await thresholdOf(deps, tx, company))) {
    await tx.update(companies).set({ balanceAlert: null }).where(eq(companies.id, companyId));
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
