import { IconChartBar } from '@tabler/icons-react';
import { calendarDateText } from '../../../../shared/dates.js';
import { formatHours } from '../../../../shared/format.js';
import { OVERVIEW_MONTHS, type MonthFiguresDto } from '../../../../shared/overview.js';
import { DashboardCard } from '../../../components/DashboardCard.js';
import { lazyPart } from '../../../lib/lazyNamed.js';
import { trpc } from '../../../trpc.js';
import { CardState } from './CardState.js';

const HoursChart = lazyPart(() => import('../../../components/charts/HoursChart.js'), 'HoursChart');

const SERIES = [
  { key: 'soldHours', label: 'Hours sold (invoiced)', color: 'brand.6' },
  { key: 'usedHours', label: 'Hours used (logged)', color: 'red.6' },
  { key: 'awaitingPaymentHours', label: 'Hours awaiting payment', color: 'orange.6' },
];

const sum = (months: MonthFiguresDto[], key: 'soldHours' | 'usedHours' | 'awaitingPaymentHours') => months.reduce((total, month) => total + month[key], 0);

function monthsSummary(months: MonthFiguresDto[]): string {
  return `Bar chart of the last ${months.length} months: ${formatHours(sum(months, 'soldHours'))} hours sold, ${formatHours(sum(months, 'usedHours'))} hours used, and ${formatHours(sum(months, 'awaitingPaymentHours'))} hours on invoices not yet paid in full.`;
}

/** Hours sold, used and awaiting payment per calendar month, the last 12. */
export function MonthlyChartCard() {
  const months = trpc.superadmin.overview.months.useQuery();
  return (
    <DashboardCard
      title={`Hours per Month, last ${OVERVIEW_MONTHS} months`}
      icon={IconChartBar}
      action={{ label: 'View Invoices', href: '/allinvoices' }}
    >
      <CardState query={months} what="hours per month" />
      {months.data && (
        <HoursChart
          title={`Hours sold, used and awaiting payment per month, last ${OVERVIEW_MONTHS} months`}
          summary={monthsSummary(months.data)}
          rows={months.data.map((month) => ({ ...month, label: calendarDateText(`${month.month}-01`, 'monthYear') }))}
          category={{ key: 'label', label: 'Month', tick: (label) => label.slice(0, 3) }}
          series={SERIES}
        />
      )}
    </DashboardCard>
  );
}
