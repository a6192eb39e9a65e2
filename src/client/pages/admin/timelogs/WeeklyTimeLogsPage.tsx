import { ActionIcon, Affix, Alert, Box, Button, Center, Group, Loader, Paper, Stack, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';
import { IconArrowsMaximize, IconArrowsMinimize, IconChevronsDown, IconClockOff, IconList, IconRefresh } from '@tabler/icons-react';
import { Link } from 'wouter';
import { weeksOverview, type WeekSummary } from '../../../../shared/weekly.js';
import { CompanyFilter, failureText } from '../../../components/records/index.js';
import { usePageTitle } from '../../../lib/usePageTitle.js';
import { WeekCard } from './WeekCard.js';
import { WeeklyHoursChart } from './WeeklyHoursChart.js';
import { WeeksOverviewCards } from './WeeksOverviewCards.js';
import { useExpandedWeeks } from './useExpandedWeeks.js';
import { loadedRangeText, useWeekPages } from './useWeekPages.js';

type ExpandToggleProps = { allExpanded: boolean; onToggle: () => void; floating?: boolean; disabled?: boolean };

/** 'Expand All' / 'Collapse All', in the toolbar and as a floating button. */
function ExpandToggle({ allExpanded, onToggle, floating, disabled }: ExpandToggleProps) {
  const label = allExpanded ? 'Collapse All' : 'Expand All';
  const Icon = allExpanded ? IconArrowsMinimize : IconArrowsMaximize;
  return (
    <Tooltip label={label} position={floating ? 'left' : undefined}>
      <ActionIcon
        onClick={onToggle}
        disabled={disabled}
        aria-label={label}
        size={floating ? FLOATING_SIZE : 'lg'}
        radius={floating ? 'xl' : undefined}
        variant={floating ? 'filled' : 'light'}
        color={floating ? 'secondary' : undefined}
        style={floating ? { boxShadow: 'var(--mantine-shadow-md)' } : undefined}
        data-floating={floating || undefined}
      >
        <Icon size={floating ? 24 : 20} />
      </ActionIcon>
    </Tooltip>
  );
}

function NoTimeLogs() {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="xs">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden="true">
          <IconClockOff size={30} />
        </ThemeIcon>
        <Title order={2} fz="lg">
          No Time Logs Found
        </Title>
        <Text c="dimmed" size="sm" ta="center">
          Hours logged on the Time Logs screen show here, week by week.
        </Text>
      </Stack>
    </Paper>
  );
}

type EarlierWeeksProps = { onLoad: () => void; loading: boolean };

function LoadEarlierWeeks({ onLoad, loading }: EarlierWeeksProps) {
  return (
    <Center mt="lg">
      <Button variant="light" leftSection={<IconChevronsDown size={18} />} onClick={onLoad} loading={loading}>
        Load earlier weeks
      </Button>
    </Center>
  );
}

/** The floating toggle: its size and its distance from the window's corner. */
const FLOATING_SIZE = 52;
const FLOATING_OFFSET = 24;

type WeekListProps = { weeks: WeekSummary[]; expansion: ReturnType<typeof useExpandedWeeks>; earlier?: EarlierWeeksProps };

/**
 * The weeks, with room below them for the floating toggle: the last day cards (on a phone, the
 * right-hand column) can always be scrolled clear of the button instead of ending under it.
 */
function WeekList({ weeks, expansion, earlier }: WeekListProps) {
  return (
    <Box pb={FLOATING_SIZE + FLOATING_OFFSET + 16} data-testid="week-list">
      <Text size="sm" c="dimmed" mb="xs">
        Weeks run Monday to Sunday, newest first.
      </Text>
      <Stack gap="md">
        {weeks.map((week) => (
          <WeekCard key={week.weekStart} week={week} expanded={expansion.isExpanded(week.weekStart)} onToggle={() => expansion.toggle(week.weekStart)} />
        ))}
      </Stack>
      {earlier && <LoadEarlierWeeks {...earlier} />}
      <Affix position={{ bottom: FLOATING_OFFSET, right: FLOATING_OFFSET }}>
        <ExpandToggle allExpanded={expansion.allExpanded} onToggle={expansion.toggleAll} floating />
      </Affix>
    </Box>
  );
}

/** Weekly Time Logs (/dailytimelogs): hours per week and per day, of every company or one, newest weeks first. */
export function WeeklyTimeLogsPage() {
  usePageTitle('Weekly Time Logs');
  const weeks = useWeekPages();
  const expansion = useExpandedWeeks(weeks.weeks ?? []);
  const refresh = () => weeks.reload();

  return (
    <>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} mb="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <div>
            <Title order={1} fz={{ base: 24, sm: 28 }}>
              Weekly Time Logs
            </Title>
            <Text c="dimmed">Track your weekly productivity</Text>
          </div>
          <Group gap="xs">
            <Tooltip label="View Time Logs">
              <ActionIcon component={Link} href="/timelogs" size="lg" variant="light" aria-label="View Time Logs">
                <IconList size={20} />
              </ActionIcon>
            </Tooltip>
            <ExpandToggle allExpanded={expansion.allExpanded} onToggle={expansion.toggleAll} disabled={!weeks.weeks?.length} />
            <Tooltip label="Refresh List">
              <ActionIcon size="lg" variant="light" onClick={refresh} aria-label="Refresh List" loading={weeks.reloading}>
                <IconRefresh size={20} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <Group mt="md">
          <CompanyFilter label="Filter by Company" allLabel="All Companies" value={weeks.company} onChange={weeks.chooseCompany} />
        </Group>
      </Paper>

      {weeks.error && (
        <Alert color="red" title="Error" mb="md" role="alert">
          {failureText(weeks.error)}
        </Alert>
      )}

      {weeks.weeks === undefined ? (
        weeks.loading && (
          <Center py="xl">
            <Loader aria-label="Loading" />
          </Center>
        )
      ) : (
        <>
          <WeeksOverviewCards overview={weeksOverview(weeks.weeks)} caption={loadedRangeText(weeks.weeks.length, weeks.total)} />
          {weeks.weeks.length === 0 ? (
            <NoTimeLogs />
          ) : (
            <>
              <WeeklyHoursChart weeks={weeks.weeks} />
              <WeekList weeks={weeks.weeks} expansion={expansion} earlier={weeks.hasEarlier ? { onLoad: weeks.loadEarlier, loading: weeks.loadingEarlier } : undefined} />
            </>
          )}
        </>
      )}
    </>
  );
}
