import { Paper, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { NO_WORK_TEXT, formatWeeklyHours, type DayCard as DayCardData } from '../../../../shared/weekly.js';
import { RatingBadge } from './RatingBadge.js';
import { shortDateText } from './calendarDates.js';
import { dayRatingTones } from './ratingTones.js';

/** One day of a week's Daily Breakdown: day name, date, hours (or 'No work') and day rating. */
export function DayCard({ day }: { day: DayCardData }) {
  const nameId = useId();
  const tone = dayRatingTones[day.rating];
  const worked = day.hours > 0;
  return (
    <Paper
      component="article"
      aria-labelledby={nameId}
      withBorder
      radius="md"
      p="sm"
      style={{
        borderTop: `3px solid ${worked ? `var(--mantine-color-${tone.accent}-6)` : 'var(--mantine-color-gray-3)'}`,
        background: worked ? undefined : 'var(--mantine-color-gray-0)',
      }}
    >
      <Stack gap={4} align="center" ta="center">
        <Text id={nameId} fw={700} size="sm">
          {day.weekday}
        </Text>
        <Text size="xs" c="dimmed">
          {shortDateText(day.date)}
        </Text>
        <Text fw={700} fz={worked ? 22 : 16} lh={1.4} c={worked ? undefined : 'dimmed'} data-testid="day-hours">
          {worked ? `${formatWeeklyHours(day.hours)}h` : NO_WORK_TEXT}
        </Text>
        <RatingBadge rating={day.rating} tone={tone} size="sm" />
      </Stack>
    </Paper>
  );
}
