import { ActionIcon, Alert, Button, Center, Group, Loader, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconList } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import { impossibleDay } from '../../../../../shared/validation.js';
import { addDays, mondayOf } from '../../../../../shared/weekly.js';
import { failureText, CompanySelect } from '../../../../components/records/index.js';
import { usePageTitle } from '../../../../lib/usePageTitle.js';
import { weekRangeText } from '../calendarDates.js';
import { WeekSheet } from './WeekSheet.js';
import { trpc } from '../../../../trpc.js';
import { shiftWeek } from './sheetModel.js';
import { useUnsavedGuard } from './useUnsavedGuard.js';

/** The week asked for in the address, if it is a Monday. */
function mondayFrom(text: string | null): string | null {
  return text && /^\d{4}-\d{2}-\d{2}$/.test(text) && !impossibleDay(text) && mondayOf(text) === text ? text : null;
}

type WeekPickerProps = { weekStart: string; current: string; onChange: (weekStart: string) => void };

/** Monday-to-Sunday weeks, one step at a time, or back to this week (the provider's, not the browser's). */
function WeekPicker({ weekStart, current, onChange }: WeekPickerProps) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="timesheet-week-label">
        Week
      </Text>
      <Group gap="xs" wrap="wrap" role="group" aria-labelledby="timesheet-week-label">
        <Tooltip label="Previous week">
          <ActionIcon variant="default" size="lg" onClick={() => onChange(shiftWeek(weekStart, -1))} aria-label="Previous week">
            <IconChevronLeft size={18} />
          </ActionIcon>
        </Tooltip>
        <Text fw={600} miw={180} ta="center" aria-live="polite" data-testid="timesheet-week">
          {weekRangeText(weekStart, addDays(weekStart, 6))}
        </Text>
        <Tooltip label="Next week">
          <ActionIcon variant="default" size="lg" onClick={() => onChange(shiftWeek(weekStart, 1))} aria-label="Next week">
            <IconChevronRight size={18} />
          </ActionIcon>
        </Tooltip>
        <Button variant="subtle" onClick={() => onChange(current)} disabled={weekStart === current}>
          This week
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Timesheet (/timesheet): a week of one company's hours typed into a grid, a row per task and a
 * cell per day, saved as time logs in one call. The company and the week may come from the address
 * (?company=…&week=2026-03-02).
 */
export function TimesheetPage() {
  usePageTitle('Timesheet');
  const search = new URLSearchParams(useSearch());
  const [company, setCompany] = useState(search.get('company') ?? '');
  const [chosenWeek, setWeekStart] = useState(() => mondayFrom(search.get('week')));
  const current = trpc.superadmin.timelogs.currentWeek.useQuery(undefined, { staleTime: 60_000 });
  const weekStart = chosenWeek ?? current.data?.weekStart;
  const unsaved = useUnsavedGuard();
  if (!weekStart || !current.data) {
    if (current.isError) return <Alert color="red" title="Error">{failureText(current.error)}</Alert>;
    return (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  }

  return (
    <>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} mb="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <div>
            <Title order={1} fz={{ base: 24, sm: 28 }}>
              Timesheet
            </Title>
            <Text c="dimmed">Type a week of hours for one company; each day of a row becomes a time log.</Text>
          </div>
          <Tooltip label="View Time Logs">
            <ActionIcon component={Link} href="/timelogs" size="lg" variant="light" aria-label="View Time Logs">
              <IconList size={20} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Group mt="md" align="flex-end" gap="lg" wrap="wrap">
          <CompanySelect label="Company" placeholder="Choose a company" value={company} onChange={(next) => unsaved.guard(() => setCompany(next))} w={{ base: '100%', sm: 320 }} />
          <WeekPicker weekStart={weekStart} current={current.data.weekStart} onChange={(next) => unsaved.guard(() => setWeekStart(next))} />
        </Group>
      </Paper>
      {company ? (
        // a new company or week starts a blank sheet
        <WeekSheet key={`${company}|${weekStart}`} company={company} weekStart={weekStart} onUnsavedChange={unsaved.setUnsaved} />
      ) : (
        <Alert color="gray" variant="light">
          Choose a company to see its open tasks and the hours already logged this week.
        </Alert>
      )}
      {unsaved.dialog}
    </>
  );
}

