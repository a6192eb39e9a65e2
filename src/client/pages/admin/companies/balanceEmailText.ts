import { BALANCE_EMAIL_REPEAT_MS } from '../../../../shared/balance-alerts.js';
import type { BalanceEmailKind, CompanyDto } from '../../../../shared/companies.js';
import { timeAgoText } from '../../../../shared/dates.js';

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
