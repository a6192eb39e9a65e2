import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { TaskDto } from '../../../../shared/tasks.js';
import { TaskHistoryTable } from '../../../components/task-history/TaskHistoryTable.js';

/** The task's changes: field, old and new value, date and who made each. */
export function TaskHistoryDialog({ task, onClose }: { task: TaskDto; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title="Task History" size="xl" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {`${task.title} (${task.companyName})`}
        </Text>
        <TaskHistoryTable history={task.history} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
