import { hoursCountText } from '../../../shared/format.js';
import type { BalanceEmailKind } from '../../../shared/companies.js';
import { expiringClause, paceSentence, runOutDateText, type Forecast } from '../../../shared/forecast.js';
import type { Provider } from '../../config.js';
import { renderEmail, type RenderedEmail } from '../../mail/templates.js';

export type BalanceNotice = { companyName: string; hourBalance: number; pendingHours: number; forecast: Forecast | null };


const subjects: Record<BalanceEmailKind, string> = {
  runningLow: 'Your hour balance is running low',
  negative: 'Your hour balance is negative',
};

function balanceSentence(kind: BalanceEmailKind, provider: Provider, hourBalance: number): string {
  return kind === 'runningLow'
    ? `Your prepaid hour balance with ${provider.name} is running low: ${hoursCountText(hourBalance)} left.`
    : `Your prepaid hour balance with ${provider.name} is negative: ${hoursCountText(hourBalance)}. The work done beyond your prepaid hours will be deducted from your next purchase.`;
}

const requests: Record<BalanceEmailKind, string> = {
  runningLow: 'To keep the work going without interruption, please buy more hours.',
  negative: 'Please buy more hours to cover it and keep the work going.',
};

export function balanceEmail(kind: BalanceEmailKind, provider: Provider, company: BalanceNotice, appUrl: string): RenderedEmail {
  return renderEmail(provider, subjects[kind], [
    `Hello ${company.companyName} team,`,
    balanceSentence(kind, provider, company.hourBalance),
    kind === 'runningLow' && company.forecast ? `${paceSentence(company.forecast)}.` : '',
    company.pendingHours > 0
      ? `${hoursCountText(company.pendingHours)} you bought will become active as soon as we verify your payment.`
      : '',
    requests[kind],
    { link: `${appUrl}/packages`, label: 'Buy more hours' },
  ].filter((block) => block !== ''));
}

const providerSubjects: Record<BalanceEmailKind, (companyName: string) => string> = {
  runningLow: (companyName) => `${companyName} is running low on hours`,
  negative: (companyName) => `${companyName} has a negative hour balance`,
};

/** The provider's own notice of an automatic alert: which company, how low, and who was told. */
export function providerBalanceNotice(
  kind: BalanceEmailKind,
  provider: Provider,
  company: BalanceNotice & { thresholdHours: number; told: number },
  appUrl: string,
): RenderedEmail {
  const where =
    kind === 'runningLow'
      ? `${company.companyName}'s hour balance is ${hoursCountText(company.hourBalance)}, at or below its running-low threshold of ${hoursCountText(company.thresholdHours)}.`
      : `${company.companyName}'s hour balance went negative: ${hoursCountText(company.hourBalance)}.`;
  const told = company.told === 0
    ? 'The company has no approved admin to email, so nobody there was told.'
    : `Its ${company.told === 1 ? 'admin was' : `${company.told} admins were`} sent the ${kind === 'runningLow' ? 'running-low' : 'negative'} balance email.`;
  return renderEmail(provider, providerSubjects[kind](company.companyName), [
    where,
    company.forecast ? `At its recent pace of ${hoursCountText(company.forecast.hoursPerWeek)} a week, its hours last until about ${runOutDateText(company.forecast)}${expiringClause(company.forecast, 'its')}.` : '',
    told,
    { link: `${appUrl}/companies?lowOnly=true`, label: 'Companies running low' },
  ].filter((block) => block !== ''));
}
