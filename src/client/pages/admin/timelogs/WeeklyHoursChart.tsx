import { Paper } from '@mantine/core';
import { formatHours } from '../../../../shared/format.js';
import { WEEKLY_TARGET_HOURS, weekRating, type WeekSummary } from '../../../../shared/weekly.js';
import { lazyPart } from '../../../lib/lazyNamed.js';
import { shortDateText } from './calendarDates.js';

const HoursChart = lazyPart(() => import('../../../components/charts/HoursChart.js'), 'HoursChart');

const SERIES = [{ key: 'totalHours', label: 'Hours logged', color: 'brand.6' }];

function weeksSummary(weeks: WeekSummary[]): string {
  const atTarget = weeks.filter((week) => weekRating(week.totalHours) === 'Excellent').length;
  const total = weeks.reduce((sum, week) => sum + week.totalHours, 0);
  return `Bar chart of the ${weeks.length} weeks loaded, oldest first: ${formatHours(total)} hours in all; ${atTarget} of them reached the ${WEEKLY_TARGET_HOURS}-hour target.`;
}

/** The loaded weeks' hours as bars, oldest on the left, with the weekly target drawn across. */
export function WeeklyHoursChart({ weeks }: { weeks: WeekSummary[] }) {
  const oldestFirst = [...weeks].reverse();
  return (
    <Paper withBorder radius="md" p="md" mb="lg" data-testid="weekly-hours-chart">
      <HoursChart
        title="Hours logged per week"
        summary={weeksSummary(oldestFirst)}
        rows={oldestFirst.map((week) => ({ week: shortDateText(week.weekStart), totalHours: week.totalHours }))}
        category={{ key: 'week', label: 'Week of' }}
        series={SERIES}
        target={{ hours: WEEKLY_TARGET_HOURS, label: `${WEEKLY_TARGET_HOURS}h target` }}
      />
    </Paper>
  );
}
