import type { BalanceEmailKind } from '../../../shared/companies.js';
import type { Provider } from '../../config.js';
import { renderEmail, type RenderedEmail } from '../../mail/templates.js';

export type BalanceNotice = { companyName: string; hourBalance: number; pendingHours: number };

const hoursText = (hours: number) =>
  `${hours.toLocaleString('en-US', { maximumFractionDigits: 2 })} ${Math.abs(hours) === 1 ? 'hour' : 'hours'}`;

const subjects: Record<BalanceEmailKind, string> = {
  runningLow: 'Your hour balance is running low',
  negative: 'Your hour balance is negative',
};

function balanceSentence(kind: BalanceEmailKind, provider: Provider, hourBalance: number): string {
  return kind === 'runningLow'
    ? `Your prepaid hour balance with ${provider.name} is running low: ${hoursText(hourBalance)} left.`
    : `Your prepaid hour balance with ${provider.name} is negative: ${hoursText(hourBalance)}. The work done beyond your prepaid hours will be deducted from your next purchase.`;
}

const requests: Record<BalanceEmailKind, string> = {
  runningLow: 'To keep the work going without interruption, please buy more hours.',
  negative: 'Please buy more hours to cover it and keep the work going.',
};

export function balanceEmail(kind: BalanceEmailKind, provider: Provider, company: BalanceNotice, appUrl: string): RenderedEmail {
  return renderEmail(provider, subjects[kind], [
    `Hello ${company.companyName} team,`,
    balanceSentence(kind, provider, company.hourBalance),
    company.pendingHours > 0
      ? `${hoursText(company.pendingHours)} you bought will become active as soon as we verify your payment.`
      : '',
    requests[kind],
    { link: `${appUrl}/packages`, label: 'Buy more hours' },
  ].filter((block) => block !== ''));
}
