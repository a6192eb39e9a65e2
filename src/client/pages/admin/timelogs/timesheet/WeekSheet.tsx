import { Alert, Button, Center, Group, Loader, Paper, Select, Text } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { hoursToHundredths } from '../../../../../shared/hours.js';
import { failureText } from '../../../../components/records/index.js';
import { toastDone } from '../../../../lib/toast.js';
import { trpc } from '../../../../trpc.js';
import { hoursCountText } from '../timeLogText.js';
import { usePhoneLayout } from '../../../../lib/usePhoneLayout.js';
import { TimesheetDays } from './TimesheetDays.js';
import { TimesheetGrid } from './TimesheetGrid.js';
import type { TimesheetSaved } from '../../../../../shared/timesheet.js';
import {
  NO_TASK_ROW,
  changesToSave,
  hundredthsText,
  loggedByRow,
  rowsToSave,
  sheetProblem,
  sheetRow,
  sheetTotals,
  startingRows,
  withLoggedHours,
  type LoggedCells,
  type SheetRow,
} from './sheetModel.js';

type WeekSheetProps = { company: string; weekStart: string; onUnsavedChange: (unsaved: boolean) => void };

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** 'a|3': where a typed cell is kept, by row key and day. */
const cellKey = (rowKey: string, day: number) => `${rowKey}|${day}`;

/**
 * The rows: 'No task', the open tasks, then the rows added; each cell what was typed into it, or
 * else the hours of its one log, or else empty.
 */
function useSheetRows(tasks: { _id: string; title: string }[] | undefined, logged: Map<string, LoggedCells>) {
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [descriptions, setDescriptions] = useState<Record<string, string>>({});
  const [added, setAdded] = useState<SheetRow[]>([]);
  const rows = useMemo(
    () =>
      withLoggedHours([...startingRows(tasks ?? []), ...added], logged).map((row) => ({
        ...row,
        description: descriptions[row.key] ?? row.description,
        cells: row.cells.map((text, day) => typed[cellKey(row.key, day)] ?? text),
      })),
    [tasks, added, logged, typed, descriptions],
  );
  return {
    rows,
    setCell: (key: string, day: number, text: string) => setTyped((current) => ({ ...current, [cellKey(key, day)]: text })),
    setDescription: (key: string, description: string) => setDescriptions((current) => ({ ...current, [key]: description })),
    addRow: (task: string | null, title: string) => setAdded((current) => [...current, sheetRow(`${task ?? NO_TASK_ROW}#${current.length + 1}`, task, title)]),
    clear: () => (setTyped({}), setDescriptions({})),
  };
}

/** 'Timesheet saved: 6 new time logs (12.75 hours), 1 log changed for Acme'. */
function savedText({ created, changed, removed }: TimesheetSaved): string {
  const hours = created.reduce((sum, log) => sum + hoursToHundredths(log.invertedHours), 0) / 100;
  const parts = [
    created.length > 0 && `${plural(created.length, 'new time log')} (${hoursCountText(hours)})`,
    changed.length > 0 && `${plural(changed.length, 'log')} changed`,
    removed.length > 0 && `${plural(removed.length, 'log')} removed`,
  ].filter(Boolean);
  const companyName = (created[0] ?? changed[0])?.companyName;
  return `${parts.join(', ')}${companyName ? ` for ${companyName}` : ''}`;
}

/** One company's week: the grid, a row to add, and Save, which sends every filled row in one call. */
export function WeekSheet({ company, weekStart, onUnsavedChange }: WeekSheetProps) {
  const utils = trpc.useUtils();
  const phone = usePhoneLayout();
  const openTasks = trpc.superadmin.tasks.openOf.useQuery({ company }, { staleTime: 0 });
  const week = trpc.superadmin.timelogs.timesheetWeek.useQuery({ company, weekStart }, { staleTime: 0 });
  const logged = useMemo(() => loggedByRow(week.data?.logged ?? []), [week.data]);
  const sheet = useSheetRows(openTasks.data, logged);
  const [problem, setProblem] = useState<string | null>(null);
  const save = trpc.superadmin.timelogs.saveTimesheet.useMutation({
    onSuccess: async (saved) => {
      toastDone('Timesheet saved', savedText(saved));
      void utils.superadmin.timelogs.list.invalidate();
      void utils.superadmin.timelogs.byDate.invalidate();
      // the boxes show the saved hours from the week read again, not from what was typed
      await utils.superadmin.timelogs.timesheetWeek.invalidate();
      sheet.clear();
    },
  });
  const rowTasks = new Set(sheet.rows.map((row) => row.task ?? NO_TASK_ROW));
  const loggedOnly = (week.data?.logged ?? [])
    .filter((row) => !rowTasks.has(row.task ?? NO_TASK_ROW))
    .map((row) => ({ key: row.task ?? NO_TASK_ROW, title: row.taskTitle ?? 'Task' }));
  const totals = sheetTotals(sheet.rows, logged);
  const unsaved = totals.newCells > 0 || totals.changedCells > 0 || sheet.rows.some((row) => row.description.trim() !== '');
  useEffect(() => onUnsavedChange(unsaved), [unsaved, onUnsavedChange]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const reason = sheetProblem(sheet.rows, logged);
    setProblem(reason);
    if (!reason) save.mutate({ company, weekStart, rows: rowsToSave(sheet.rows, logged), changes: changesToSave(sheet.rows, logged) });
  };

  if (openTasks.isPending || week.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  const loadError = openTasks.error ?? week.error;
  const sheetProps = { company, weekStart, rows: sheet.rows, logged, loggedOnly, totals, onCell: sheet.setCell, onDescription: sheet.setDescription };
  const addChoices = [{ value: NO_TASK_ROW, label: 'No task' }, ...(openTasks.data ?? []).map((task) => ({ value: task._id, label: task.title }))];

  return (
    <Paper component="form" onSubmit={submit} noValidate withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      {loadError && (
        <Alert color="red" title="Error" role="alert" mb="md">
          {failureText(loadError)}
        </Alert>
      )}
      <Text size="sm" c="dimmed" mb="sm">
        {phone ? 'Enter saves.' : 'Tab or the arrow keys move between days; Enter saves.'} Type 1.5 or 1:30 for an hour and a half.
      </Text>
      {/* a phone gets the week day by day, the grid would hide most days behind a sideways scroll */}
      {phone ? <TimesheetDays {...sheetProps} /> : <TimesheetGrid {...sheetProps} />}
      <Group justify="space-between" align="flex-end" mt="md" wrap="wrap" gap="sm">
        <Select
          label="Add a row for"
          placeholder="Another row for a task"
          data={addChoices}
          value={null}
          onChange={(value) => value && sheet.addRow(value === NO_TASK_ROW ? null : value, addChoices.find((choice) => choice.value === value)!.label)}
          searchable
          w={{ base: '100%', sm: 320 }}
          comboboxProps={{ withinPortal: true }}
        />
        <Group gap="sm">
          <Text size="sm" c="dimmed" data-testid="timesheet-new">
            {plural(totals.newCells, 'new time log')}, {hundredthsText(totals.newHundredths)} hours
            {totals.changedCells > 0 && `; ${plural(totals.changedCells, 'logged day')} changed`}
          </Text>
          <Button type="submit" leftSection={<IconDeviceFloppy size={18} />} loading={save.isPending}>
            Save timesheet
          </Button>
        </Group>
      </Group>
      {(problem ?? save.error) && (
        <Alert color="red" title="Error" role="alert" mt="md">
          {problem ?? failureText(save.error)}
        </Alert>
      )}
    </Paper>
  );
}
