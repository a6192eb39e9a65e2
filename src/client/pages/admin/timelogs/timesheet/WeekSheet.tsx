import { Alert, Button, Center, Group, Loader, Paper, Select, Text } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { hoursToHundredths } from '../../../../../shared/hours.js';
import { adminErrorText } from '../../../../components/admin-list/index.js';
import { toastDone } from '../../../../lib/toast.js';
import { trpc } from '../../../../trpc.js';
import { hoursCountText } from '../timeLogText.js';
import { usePhoneLayout } from '../../../../lib/usePhoneLayout.js';
import { TimesheetDays } from './TimesheetDays.js';
import { TimesheetGrid } from './TimesheetGrid.js';
import { NO_TASK_ROW, emptyCells, hundredthsText, loggedByRow, rowsToSave, sheetProblem, sheetRow, sheetTotals, startingRows, type SheetRow } from './sheetModel.js';

type WeekSheetProps = { company: string; weekStart: string; onUnsavedChange: (unsaved: boolean) => void };

type RowEdits = Record<string, Pick<SheetRow, 'cells' | 'description'>>;

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** The rows: 'No task', the open tasks, then the rows added, each with what was typed into it. */
function useSheetRows(tasks: { _id: string; title: string }[] | undefined) {
  const [edits, setEdits] = useState<RowEdits>({});
  const [added, setAdded] = useState<SheetRow[]>([]);
  const rows = useMemo(
    () => [...startingRows(tasks ?? []), ...added].map((row) => ({ ...row, ...edits[row.key] })),
    [tasks, added, edits],
  );
  const edit = (key: string, change: Partial<Pick<SheetRow, 'cells' | 'description'>>) =>
    setEdits((current) => {
      const row = rows.find((candidate) => candidate.key === key)!;
      return { ...current, [key]: { cells: row.cells, description: row.description, ...current[key], ...change } };
    });
  return {
    rows,
    setCell: (key: string, day: number, text: string) => {
      const cells = [...(rows.find((row) => row.key === key)?.cells ?? emptyCells())];
      cells[day] = text;
      edit(key, { cells });
    },
    setDescription: (key: string, description: string) => edit(key, { description }),
    addRow: (task: string | null, title: string) => setAdded((current) => [...current, sheetRow(`${task ?? NO_TASK_ROW}#${current.length + 1}`, task, title)]),
    clear: () => setEdits({}),
  };
}

/** One company's week: the grid, a row to add, and Save, which sends every filled row in one call. */
export function WeekSheet({ company, weekStart, onUnsavedChange }: WeekSheetProps) {
  const utils = trpc.useUtils();
  const phone = usePhoneLayout();
  const openTasks = trpc.superadmin.tasks.openOf.useQuery({ company }, { staleTime: 0 });
  const week = trpc.superadmin.timelogs.timesheetWeek.useQuery({ company, weekStart }, { staleTime: 0 });
  const sheet = useSheetRows(openTasks.data);
  const [problem, setProblem] = useState<string | null>(null);
  const save = trpc.superadmin.timelogs.saveTimesheet.useMutation({
    onSuccess: ({ created }) => {
      const hours = created.reduce((sum, log) => sum + hoursToHundredths(log.invertedHours), 0) / 100;
      toastDone('Timesheet saved', `${plural(created.length, 'time log')}, ${hoursCountText(hours)} for ${created[0]?.companyName ?? 'the company'}`);
      sheet.clear();
      void utils.superadmin.timelogs.timesheetWeek.invalidate();
      void utils.superadmin.timelogs.list.invalidate();
      void utils.superadmin.timelogs.byDate.invalidate();
    },
  });

  const logged = useMemo(() => loggedByRow(week.data?.logged ?? []), [week.data]);
  const rowTasks = new Set(sheet.rows.map((row) => row.task ?? NO_TASK_ROW));
  const loggedOnly = (week.data?.logged ?? [])
    .filter((row) => !rowTasks.has(row.task ?? NO_TASK_ROW))
    .map((row) => ({ key: row.task ?? NO_TASK_ROW, title: row.taskTitle ?? 'Task' }));
  const totals = sheetTotals(sheet.rows, logged);
  const unsaved = totals.newCells > 0 || sheet.rows.some((row) => row.description.trim() !== '');
  useEffect(() => onUnsavedChange(unsaved), [unsaved, onUnsavedChange]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const reason = sheetProblem(sheet.rows);
    setProblem(reason);
    if (!reason) save.mutate({ company, weekStart, rows: rowsToSave(sheet.rows) });
  };

  if (openTasks.isPending || week.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  const loadError = openTasks.error ?? week.error;
  const sheetProps = { weekStart, rows: sheet.rows, logged, loggedOnly, totals, onCell: sheet.setCell, onDescription: sheet.setDescription };
  const addChoices = [{ value: NO_TASK_ROW, label: 'No task' }, ...(openTasks.data ?? []).map((task) => ({ value: task._id, label: task.title }))];

  return (
    <Paper component="form" onSubmit={submit} noValidate withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      {loadError && (
        <Alert color="red" title="Error" role="alert" mb="md">
          {adminErrorText(loadError)}
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
          </Text>
          <Button type="submit" leftSection={<IconDeviceFloppy size={18} />} loading={save.isPending}>
            Save timesheet
          </Button>
        </Group>
      </Group>
      {(problem ?? save.error) && (
        <Alert color="red" title="Error" role="alert" mt="md">
          {problem ?? adminErrorText(save.error)}
        </Alert>
      )}
    </Paper>
  );
}
