import { Group, Paper, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconCalendarWeek, IconChartBar, IconClockHour4, IconBriefcase } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { formatWeeklyHours, type WeeksOverview } from '../../../../shared/weekly.js';

type OverviewCardProps = { label: string; value: string; hint: string; icon: ReactNode; color: string };

/** One summary figure, named by its label for assistive technology. */
function OverviewCard({ label, value, hint, icon, color }: OverviewCardProps) {
  const labelId = useId();
  return (
    <Paper component="section" aria-labelledby={labelId} withBorder radius="md" p="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text id={labelId} size="xs" c="dimmed" tt="uppercase" fw={700} lts={0.5}>
            {label}
          </Text>
          <Text fz={28} fw={700} lh={1.2} data-testid="overview-value">
            {value}
          </Text>
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        </div>
        <ThemeIcon size={40} radius="md" variant="light" color={color} aria-hidden="true">
          {icon}
        </ThemeIcon>
      </Group>
    </Paper>
  );
}

type WeeksOverviewCardsProps = { overview: WeeksOverview; caption: string };

/** The four summary cards of the weekly screen: Total Hours, Avg/Week, Work Days, Weeks; the caption says which weeks they cover. */
export function WeeksOverviewCards({ overview, caption }: WeeksOverviewCardsProps) {
  return (
    <>
      {caption && (
        <Text size="xs" c="dimmed" mb={6} data-testid="overview-caption">
          {caption}
        </Text>
      )}
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" mb="lg">
        <OverviewCard label="Total Hours" value={formatWeeklyHours(overview.totalHours)} hint="hours logged" icon={<IconClockHour4 size={22} />} color="brand" />
        <OverviewCard label="Avg/Week" value={formatWeeklyHours(overview.averageHoursPerWeek)} hint="hours per week" icon={<IconChartBar size={22} />} color="teal" />
        <OverviewCard label="Work Days" value={String(overview.workDays)} hint="days with logged time" icon={<IconBriefcase size={22} />} color="orange" />
        <OverviewCard label="Weeks" value={String(overview.weeks)} hint="weeks with logs" icon={<IconCalendarWeek size={22} />} color="grape" />
      </SimpleGrid>
    </>
  );
}
