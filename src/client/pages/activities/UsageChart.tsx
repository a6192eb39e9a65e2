import { Card, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { calendarDateText } from '../../../shared/dates.js';
import { formatHours } from '../../../shared/format.js';
import { USAGE_WEEKS, type WeekUsageDto } from '../../../shared/overview.js';
import { lazyPart } from '../../lib/lazyNamed.js';
import { useSession } from '../../session.js';
import { trpc } from '../../trpc.js';

const HoursChart = lazyPart(() => import('../../components/charts/HoursChart.js'), 'HoursChart');

const SERIES = [
  { key: 'usedHours', label: 'Hours used', color: 'red.6' },
  { key: 'purchasedHours', label: 'Hours purchased', color: 'green.6' },
];

const total = (weeks: WeekUsageDto[], key: 'usedHours' | 'purchasedHours') => weeks.reduce((sum, week) => sum + week[key], 0);

function usageSummary(weeks: WeekUsageDto[]): string {
  return `Bar chart of the last ${weeks.length} weeks: ${formatHours(total(weeks, 'usedHours'))} hours used and ${formatHours(total(weeks, 'purchasedHours'))} hours purchased in all.`;
}

/** The company's hours used and purchased per week, the last 12 weeks; the provider, who has no company, sees none. */
export function UsageChart() {
  const isProvider = useSession()?.isSuperAdmin ?? false;
  const usage = trpc.activities.weeklyUsage.useQuery(undefined, { enabled: !isProvider });
  const titleId = useId();
  if (isProvider) return null;

  return (
    <Card withBorder radius="md" padding="md" mb="lg" component="section" aria-labelledby={titleId} data-testid="usage-chart">
      <Title order={2} fz="h4" id={titleId} mb="sm">
        Hours per week, last {USAGE_WEEKS} weeks
      </Title>
      {usage.isError && <Text c="red">Error getting the hours per week.</Text>}
      {usage.data && (
        <HoursChart
          title={`Hours used and purchased per week, last ${USAGE_WEEKS} weeks`}
          summary={usageSummary(usage.data)}
          rows={usage.data.map((week) => ({ ...week, week: calendarDateText(week.weekStart) }))}
          category={{ key: 'week', label: 'Week of' }}
          series={SERIES}
        />
      )}
    </Card>
  );
}
