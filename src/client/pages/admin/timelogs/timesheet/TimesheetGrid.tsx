import { Anchor, Table, Text, TextInput } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { Link } from 'wouter';
import { TIMESHEET_DAYS, WEEKDAY_SHORT } from '../../../../../shared/timesheet.js';
import { addDays } from '../../../../../shared/weekly.js';
import { shortDateText } from '../calendarDates.js';
import { CELL_ERROR, cellHundredths, cellKind, hundredthsText, loggedOfRows, type LoggedCells, type SheetRow, type SheetTotals } from './sheetModel.js';
import classes from './Timesheet.module.css';

export type TimesheetGridProps = {
  company: string;
  weekStart: string;
  rows: SheetRow[];
  /** What the week holds, by row key: on each task's first row, in the boxes of one-log cells. */
  logged: Map<string, LoggedCells>;
  /** Logged tasks that have no row (done since): read-only rows. */
  loggedOnly: { key: string; title: string }[];
  totals: SheetTotals;
  onCell: (rowKey: string, day: number, text: string) => void;
  onDescription: (rowKey: string, text: string) => void;
};

/** Arrow keys move between hour cells; left and right only from the edge of the text typed. */
function moveBetweenCells(event: KeyboardEvent<HTMLTableElement>) {
  const input = event.target as HTMLInputElement;
  const row = Number(input.dataset.row);
  const day = Number(input.dataset.day);
  if (input.dataset.day === undefined) return;
  const atStart = input.selectionStart === 0 && input.selectionEnd === 0;
  const atEnd = input.selectionStart === input.value.length;
  const target = {
    ArrowUp: [row - 1, day],
    ArrowDown: [row + 1, day],
    ArrowLeft: atStart ? [row, day - 1] : null,
    ArrowRight: atEnd ? [row, day + 1] : null,
  }[event.key];
  if (!target) return;
  const next = event.currentTarget.querySelector<HTMLInputElement>(`input[data-row="${target[0]}"][data-day="${target[1]}"]`);
  if (!next) return;
  event.preventDefault();
  next.focus();
  next.select();
}

/** 'Mon Jan 6': a day's name in the sheet, and in each hours box's label. */
export const dayLabel = (weekStart: string, day: number) => `${WEEKDAY_SHORT[day]} ${shortDateText(addDays(weekStart, day))}`;

/** Under a one-log cell's box: that it is logged, or what the save will do to the log. */
function LoggedNote({ text, hundredths }: { text: string; hundredths: number }) {
  const typed = cellHundredths(text);
  const note = typed === hundredths || typed === null ? 'logged' : typed === 0 ? 'removes the log' : `was ${hundredthsText(hundredths)}`;
  return (
    <Text size="xs" c="dimmed" ta="right" className={classes.logged}>
      {note}
    </Text>
  );
}

type HoursCellProps = { label: string; text: string; onChange: (text: string) => void; rowIndex: number; day: number };

/** One task's hours of one day, in the grid or in the phone's day list. */
function HoursBox({ label, text, onChange, rowIndex, day }: HoursCellProps) {
  const invalid = cellHundredths(text) === null;
  return (
    <TextInput
      aria-label={label}
      value={text}
      onChange={(event) => onChange(event.currentTarget.value)}
      inputMode="decimal"
      autoComplete="off"
      size="sm"
      // red, with the reason in the page's message under the sheet and on hover
      error={invalid}
      title={invalid ? CELL_ERROR : undefined}
      classNames={{ input: classes.hours }}
      data-row={rowIndex}
      data-day={day}
    />
  );
}

/** The Time Logs list of one company's day: where a cell of several logs is changed. */
const logsOfDayHref = (company: string, date: string) => `/timelogs?${new URLSearchParams({ company, from: date, to: date })}`;

type SheetCellProps = { company: string; weekStart: string; row: SheetRow; rowIndex: number; day: number; before: LoggedCells | undefined; onCell: TimesheetGridProps['onCell'] };

/** A cell as its kind says: a box for new hours, a box holding its one log's hours, or a read-only sum of several logs. */
export function SheetCell({ company, weekStart, row, rowIndex, day, before, onCell }: SheetCellProps) {
  const kind = cellKind(before, day);
  const label = `${row.title}, ${dayLabel(weekStart, day)}`;
  if (kind === 'fixed') {
    const logs = before!.logs[day]!;
    return (
      <div className={classes.fixed} data-testid="logged-cell">
        <Text size="sm" fw={500} className={classes.fixedHours}>
          {hundredthsText(before!.hundredths[day]!)}
        </Text>
        <Anchor component={Link} href={logsOfDayHref(company, addDays(weekStart, day))} size="xs" aria-label={`${label}: ${logs} logs, change them on Time Logs`}>
          {logs} logs
        </Anchor>
      </div>
    );
  }
  const text = row.cells[day]!;
  return (
    <>
      <HoursBox label={label} text={text} onChange={(next) => onCell(row.key, day, next)} rowIndex={rowIndex} day={day} />
      {kind === 'place' && <LoggedNote text={text} hundredths={before!.hundredths[day]!} />}
    </>
  );
}

/** The week as a grid: a row per task, Monday to Sunday, row and day totals; Enter in a cell submits the form around it. */
export function TimesheetGrid({ company, weekStart, rows, logged, loggedOnly, totals, onCell, onDescription }: TimesheetGridProps) {
  const days = Array.from({ length: TIMESHEET_DAYS }, (_, day) => day);
  const loggedOfRow = loggedOfRows(rows, logged);
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table onKeyDown={moveBetweenCells} className={classes.grid} verticalSpacing={6} withRowBorders>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" className={classes.task}>
              Task
            </Table.Th>
            {days.map((day) => (
              <Table.Th key={day} scope="col" ta="right" aria-label={dayLabel(weekStart, day)}>
                <div>{WEEKDAY_SHORT[day]}</div>
                <Text span size="xs" c="dimmed" fw={500}>
                  {shortDateText(addDays(weekStart, day))}
                </Text>
              </Table.Th>
            ))}
            <Table.Th scope="col" ta="right">
              Total
            </Table.Th>
            <Table.Th scope="col">Description</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, rowIndex) => {
            const before = loggedOfRow.get(row.key);
            return (
              <Table.Tr key={row.key} data-row-key={row.key}>
                <Table.Th scope="row" className={classes.task}>
                  {row.title}
                </Table.Th>
                {days.map((day) => (
                  <Table.Td key={day} className={classes.cell}>
                    <SheetCell company={company} weekStart={weekStart} row={row} rowIndex={rowIndex} day={day} before={before} onCell={onCell} />
                  </Table.Td>
                ))}
                <Table.Td ta="right" fw={600} data-testid="row-total">
                  {hundredthsText(totals.rows.get(row.key) ?? 0)}
                </Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={`${row.title}, description`}
                    placeholder="Optional"
                    value={row.description}
                    onChange={(event) => onDescription(row.key, event.currentTarget.value)}
                    size="sm"
                    maxLength={500}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
          {loggedOnly.map((row) => (
            <Table.Tr key={row.key} className={classes.readOnly}>
              <Table.Th scope="row" className={classes.task}>
                {row.title} <Text span size="xs" c="dimmed">(done; logged only)</Text>
              </Table.Th>
              {days.map((day) => (
                <Table.Td key={day} ta="right">
                  {logged.get(row.key)?.hundredths[day] ? hundredthsText(logged.get(row.key)!.hundredths[day]!) : ''}
                </Table.Td>
              ))}
              <Table.Td ta="right" fw={600}>
                {hundredthsText(totals.rows.get(row.key) ?? 0)}
              </Table.Td>
              <Table.Td />
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row" className={classes.task}>
              Day total
            </Table.Th>
            {totals.days.map((hundredths, day) => (
              <Table.Td key={day} ta="right" fw={700} data-testid="day-total">
                {hundredthsText(hundredths)}
              </Table.Td>
            ))}
            <Table.Td ta="right" fw={700} data-testid="week-total">
              {hundredthsText(totals.week)}
            </Table.Td>
            <Table.Td>
              <Text size="xs" c="dimmed">
                Totals include hours already logged.
              </Text>
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
