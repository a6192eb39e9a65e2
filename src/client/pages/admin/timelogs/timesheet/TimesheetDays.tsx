import { Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { TIMESHEET_DAYS } from '../../../../../shared/timesheet.js';
import { SheetCell, dayLabel, type TimesheetGridProps } from './TimesheetGrid.js';
import { hundredthsText, loggedOfRows } from './sheetModel.js';
import classes from './Timesheet.module.css';

/**
 * The week on a phone: a section per day, Monday first, each with every task's hours box and the
 * day's total, then the rows' descriptions and the week's total. Nothing scrolls sideways.
 */
export function TimesheetDays({ company, weekStart, rows, logged, loggedOnly, totals, onCell, onDescription }: TimesheetGridProps) {
  const loggedOfRow = loggedOfRows(rows, logged);
  return (
    <Stack gap="sm">
      {Array.from({ length: TIMESHEET_DAYS }, (_, day) => (
        <Paper key={day} component="section" withBorder radius="md" p="sm" aria-labelledby={`timesheet-day-${day}`} data-testid="timesheet-day">
          <Group justify="space-between" mb="xs">
            <Title order={2} fz="md" id={`timesheet-day-${day}`}>
              {dayLabel(weekStart, day)}
            </Title>
            <Text size="sm" fw={700}>
              Total <span data-testid="day-total">{hundredthsText(totals.days[day] ?? 0)}</span>
            </Text>
          </Group>
          <Stack gap={6}>
            {rows.map((row, rowIndex) => (
              <Group key={row.key} justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                <Text size="sm" fw={500} pt={6} className={classes.dayTask}>
                  {row.title}
                </Text>
                <div className={classes.cell}>
                  <SheetCell company={company} weekStart={weekStart} row={row} rowIndex={rowIndex} day={day} before={loggedOfRow.get(row.key)} onCell={onCell} />
                </div>
              </Group>
            ))}
            {loggedOnly
              .filter((row) => logged.get(row.key)?.hundredths[day])
              .map((row) => (
                <Group key={row.key} justify="space-between" wrap="nowrap" gap="sm" className={classes.readOnly}>
                  <Text size="sm" className={classes.dayTask}>
                    {row.title} (done; logged only)
                  </Text>
                  <Text size="sm">{hundredthsText(logged.get(row.key)!.hundredths[day]!)}</Text>
                </Group>
              ))}
          </Stack>
        </Paper>
      ))}
      <Paper component="section" withBorder radius="md" p="sm" aria-labelledby="timesheet-descriptions">
        <Title order={2} fz="md" id="timesheet-descriptions" mb="xs">
          Descriptions
        </Title>
        <Stack gap={6}>
          {rows.map((row) => (
            <TextInput key={row.key} label={row.title} aria-label={`${row.title}, description`} placeholder="Optional" value={row.description} onChange={(event) => onDescription(row.key, event.currentTarget.value)} size="sm" maxLength={500} />
          ))}
        </Stack>
      </Paper>
      <Group justify="space-between" px="sm">
        <Text fw={700}>Week total</Text>
        <Text fw={700} data-testid="week-total">
          {hundredthsText(totals.week)}
        </Text>
      </Group>
      <Text size="xs" c="dimmed" px="sm">
        Totals include hours already logged.
      </Text>
    </Stack>
  );
}
