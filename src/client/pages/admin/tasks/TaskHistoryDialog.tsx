import { Text } from '@mantine/core';
import type { TaskDto } from '../../../../shared/tasks.js';
import { ReadOnlyDialog } from '../../../components/ReadOnlyDialog.js';
import { TaskHistoryTable } from '../../../components/task-history/TaskHistoryTable.js';

/** The task's changes: field, old and new value, date and who made each. */
export function TaskHistoryDialog({ task, onClose }: { task: TaskDto; onClose: () => void }) {
  return (
    <ReadOnlyDialog title="Task History" onClose={onClose}>
      <Text size="sm" c="dimmed">
        {`${task.title} (${task.companyName})`}
      </Text>
      <TaskHistoryTable history={task.history} />
    </ReadOnlyDialog>
  );
}
