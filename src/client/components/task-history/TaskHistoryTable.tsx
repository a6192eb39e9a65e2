import { Table, Text } from '@mantine/core';
import type { TaskHistoryDto } from '../../../shared/tasks.js';
import { fieldLabel, formatTaskDateTime, historyValue } from './taskHistoryText.js';
import classes from './TaskHistory.module.css';

export const NO_HISTORY = 'No history available for this task.';

/** A task's changes, oldest first: changed field, old and new value, date and who made it. */
export function TaskHistoryTable({ history }: { history: TaskHistoryDto[] }) {
  if (history.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {NO_HISTORY}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs" fz="sm" withTableBorder className={classes.historyTable}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Field</Table.Th>
            <Table.Th>Old Value</Table.Th>
            <Table.Th>New Value</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th>Changed By</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {history.map((entry) => (
            <Table.Tr key={entry._id}>
              <Table.Td fw={500}>{fieldLabel(entry.changedField)}</Table.Td>
              <Table.Td className={classes.historyValue}>{historyValue(entry.oldValue)}</Table.Td>
              <Table.Td className={classes.historyValue}>{historyValue(entry.newValue)}</Table.Td>
              <Table.Td className={classes.nowrap}>{formatTaskDateTime(entry.creationDate)}</Table.Td>
              <Table.Td className={classes.nowrap}>{`${entry.creationUser.firstName} ${entry.creationUser.lastName}`}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
