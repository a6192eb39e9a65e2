import { BALANCE_EMAIL_REPEAT_MS, balanceEmailFor, isRunningLow, mayEmailNegative } from '../../../../shared/balance-alerts.js';
import type { BalanceEmailKind, CompanyDto } from '../../../../shared/companies.js';
import { timeAgoText } from '../../../../shared/dates.js';
import { formatHours } from '../../../../shared/format.js';

export const balanceEmailNames: Record<BalanceEmailKind, string> = {
  runningLow: 'running-low balance',
  negative: 'negative balance',
};

const lastSentOf = (company: CompanyDto, kind: BalanceEmailKind) =>
  kind === 'runningLow' ? company.runningLowEmailedAt : company.negativeEmailedAt;

/** 'A running-low balance email was already sent to Acme 3 hours ago.' when one went out in the last 24 hours. */
export function recentlySentWarning(company: CompanyDto, kind: BalanceEmailKind, now = Date.now()): string | null {
  const sentAt = lastSentOf(company, kind);
  if (!sentAt || now - Date.parse(sentAt) >= BALANCE_EMAIL_REPEAT_MS) return null;
  return `A ${balanceEmailNames[kind]} email was already sent to ${company.companyName} ${timeAgoText(sentAt, now)}.`;
}

/** The list's 'Last Emails' lines: each kind sent, and how long ago. */
export function lastSentLines(company: CompanyDto, now = Date.now()): string[] {
  const lines: string[] = [];
  if (company.runningLowEmailedAt) lines.push(`Running low ${timeAgoText(company.runningLowEmailedAt, now)}`);
  if (company.negativeEmailedAt) lines.push(`Negative ${timeAgoText(company.negativeEmailedAt, now)}`);
  return lines;
}

/**
 * The two balance emails as a company's actions, each offered only when the balance calls for it
 * (docs/product-rules.md#companies-balance-emails-and-the-scheduler): the negative email below 0,
 * the running-low email at 0 or more (above the threshold too, as a reminder the provider chooses
 * to send). What is not offered says why.
 */
export function balanceEmailChoices(company: CompanyDto): { kind: BalanceEmailKind; label: string; offered: boolean; hint?: string }[] {
  const negative = mayEmailNegative(company.hourBalance);
  const aboveThreshold = !isRunningLow(company.hourBalance, company.thresholdHours);
  return [
    {
      kind: 'runningLow',
      label: 'Send Running Low Balance Email',
      offered: !negative,
      hint: negative
        ? 'The balance is negative: send the negative balance email.'
        : aboveThreshold
          ? `The balance is above the ${formatHours(company.thresholdHours)}-hour threshold.`
          : undefined,
    },
    {
      kind: 'negative',
      label: 'Send Negative Balance Email',
      offered: negative,
      hint: negative ? undefined : 'Only for a balance below 0.',
    },
  ];
}

/** The one balance email the company's balance calls for now, as its page's button offers it. */
export function calledForChoice(company: CompanyDto) {
  const kind = balanceEmailFor(company.hourBalance);
  return balanceEmailChoices(company).find((choice) => choice.kind === kind)!;
}
