import { Group, Progress, Text } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { calendarDateText } from '../../../../shared/dates.js';
import { formatHours } from '../../../../shared/format.js';
import { weekProgressPercent, weekRating } from '../../../../shared/weekly.js';
import { DashboardCard } from '../../../components/DashboardCard.js';
import { trpc } from '../../../trpc.js';
import { CardState } from './CardState.js';

export const WEEKLY_VIEW = '/dailytimelogs';

/** 'Hours This Week': every company's logged hours this week against the weekly target, rated as the weekly view rates a week. */
export function WeekHoursCard() {
  const week = trpc.superadmin.overview.week.useQuery();
  const figures = week.data;
  return (
    <DashboardCard
      title="Hours This Week"
      icon={IconClockHour4}
      action={{ label: 'View Weekly Time Logs', href: WEEKLY_VIEW }}
    >
      <CardState query={week} what="this week's hours" />
      {figures && (
        <>
          <Text size="sm" c="dimmed">
            {calendarDateText(figures.weekStart)} – {calendarDateText(figures.weekEnd, 'date')}
          </Text>
          <Group justify="space-between" align="baseline">
            <Text fz={28} fw={700} data-testid="week-hours">
              {formatHours(figures.totalHours)} of {figures.targetHours} hours
            </Text>
            <Text size="sm" fw={500} data-testid="week-rating">
              {figures.totalHours > 0 ? weekRating(figures.totalHours) : 'No hours logged yet'}
            </Text>
          </Group>
          <Progress
            value={weekProgressPercent(figures.totalHours)}
            size="lg"
            radius="xl"
            aria-label={`${Math.round(weekProgressPercent(figures.totalHours))}% of the ${figures.targetHours}-hour weekly target`}
          />
        </>
      )}
    </DashboardCard>
  );
}
