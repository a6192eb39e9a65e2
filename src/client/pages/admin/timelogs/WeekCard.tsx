import { Collapse, Group, Paper, Progress, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useId } from 'react';
import { WEEKLY_TARGET_HOURS, dayCards, formatWeeklyHours, weekProgressPercent, weekRating, type WeekSummary } from '../../../../shared/weekly.js';
import { DayCard } from './DayCard.js';
import { RatingBadge } from './RatingBadge.js';
import { weekRangeText } from './calendarDates.js';
import { weekRatingTones } from './ratingTones.js';
import classes from './WeeklyTimeLogs.module.css';

type WeekCardProps = { week: WeekSummary; expanded: boolean; onToggle: () => void };

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** Whole percent of the weekly target, capped at 100 (a hair of rounding never reaches it early). */
function progressOf(totalHours: number): number {
  return Math.floor(weekProgressPercent(totalHours) + 1e-9);
}

/** One week: date range, rating, totals and progress; the Daily Breakdown opens and closes. */
export function WeekCard({ week, expanded, onToggle }: WeekCardProps) {
  const headingId = useId();
  const breakdownId = useId();
  const rating = weekRating(week.totalHours);
  const tone = weekRatingTones[rating];
  const progress = progressOf(week.totalHours);

  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p={{ base: 'sm', sm: 'md' }} className={classes.week}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Group gap="xs" wrap="wrap" align="center">
          <Title order={2} fz="lg" id={headingId}>
            <UnstyledButton onClick={onToggle} aria-expanded={expanded} aria-controls={breakdownId} className={classes.weekToggle}>
              <IconChevronDown size={18} aria-hidden="true" className={classes.chevron} data-expanded={expanded || undefined} />
              <span>{weekRangeText(week.weekStart, week.weekEnd)}</span>
            </UnstyledButton>
          </Title>
          <RatingBadge rating={rating} tone={tone} size="lg" testId="week-rating" />
        </Group>
        <Group gap="lg" wrap="wrap" align="baseline">
          <Text size="sm" c="dimmed" data-testid="week-days">
            {plural(week.workingDays, 'working day', 'working days')}
          </Text>
          <Text size="sm" c="dimmed" data-testid="week-logs">
            {plural(week.logCount, 'log', 'logs')}
          </Text>
          <Text fw={700} fz={22} lh={1} data-testid="week-total">
            {formatWeeklyHours(week.totalHours)}h
          </Text>
        </Group>
      </Group>

      <Stack gap={4} mt="sm">
        <Progress value={progress} color={tone.accent} size="md" radius="xl" aria-label={`Progress toward the ${WEEKLY_TARGET_HOURS}-hour weekly target`} />
        <Text size="xs" c="dimmed" ta="right" data-testid="week-progress">
          {progress}% of {WEEKLY_TARGET_HOURS}h weekly target
        </Text>
      </Stack>

      <Collapse expanded={expanded} id={breakdownId}>
        <Title order={3} fz="sm" tt="uppercase" c="dimmed" lts={0.5} mt="md" mb="xs">
          Daily Breakdown
        </Title>
        <SimpleGrid cols={{ base: 2, xs: 3, md: 7 }} spacing="xs">
          {dayCards(week).map((day) => (
            <DayCard key={day.date} day={day} />
          ))}
        </SimpleGrid>
      </Collapse>
    </Paper>
  );
}
