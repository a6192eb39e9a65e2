import { Table, Text, TextInput } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { TIMESHEET_DAYS, WEEKDAY_SHORT } from '../../../../../shared/timesheet.js';
import { addDays } from '../../../../../shared/weekly.js';
import { shortDateText } from '../calendarDates.js';
import { CELL_ERROR, cellHundredths, hundredthsText, loggedOfRows, type SheetRow, type SheetTotals } from './sheetModel.js';
import classes from './Timesheet.module.css';

export type TimesheetGridProps = {
  weekStart: string;
  rows: SheetRow[];
  /** Hours already logged, by row key: shown under the cells, read-only. */
  logged: Map<string, number[]>;
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

export function LoggedNote({ hundredths }: { hundredths: number | undefined }) {
  if (!hundredths) return null;
  return (
    <Text size="xs" c="dimmed" ta="right" className={classes.logged}>
      {hundredthsText(hundredths)} logged
    </Text>
  );
}

type HoursCellProps = { label: string; text: string; onChange: (text: string) => void; rowIndex: number; day: number };

/** One task's hours of one day, in the grid or in the phone's day list. */
export function HoursCell({ label, text, onChange, rowIndex, day }: HoursCellProps) {
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

/** The week as a grid: a row per task, Monday to Sunday, row and day totals; Enter in a cell submits the form around it. */
export function TimesheetGrid({ weekStart, rows, logged, loggedOnly, totals, onCell, onDescription }: TimesheetGridProps) {
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
                {days.map((day) => {
                  const text = row.cells[day]!;
                  return (
                    <Table.Td key={day} className={classes.cell}>
                      <HoursCell label={`${row.title}, ${dayLabel(weekStart, day)}`} text={text} onChange={(next) => onCell(row.key, day, next)} rowIndex={rowIndex} day={day} />
                      <LoggedNote hundredths={before?.[day]} />
                    </Table.Td>
                  );
                })}
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
                  {logged.get(row.key)?.[day] ? hundredthsText(logged.get(row.key)![day]!) : ''}
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
