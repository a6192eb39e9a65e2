import { Badge, Collapse, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconEdit, IconTrash } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { descriptionPreview, type TaskDto } from '../../../shared/tasks.js';
import { RowAction } from '../../components/records/index.js';
import { TaskHistoryTable } from '../../components/task-history/TaskHistoryTable.js';
import classes from './Tasks.module.css';

type TaskItemProps = {
  task: TaskDto;
  onEdit: () => void;
  onDelete: () => void;
};

/**
 * One open task. Pressing it toggles the full description (cut to 50 characters plus an
 * ellipsis until then) and the task's history.
 */
export function TaskItem({ task, onEdit, onDelete }: TaskItemProps) {
  const [expanded, setExpanded] = useState(false);
  const detailsId = useId();

  return (
    <Paper component="li" withBorder radius="md" p="md" shadow="xs">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <UnstyledButton className={classes.toggle} onClick={() => setExpanded(!expanded)} aria-expanded={expanded} aria-controls={detailsId}>
          <Group component="span" wrap="nowrap" align="flex-start" gap="xs">
            <IconChevronRight size={18} className={classes.chevron} aria-hidden="true" />
            <span className={classes.summary}>
              <Group component="span" gap="xs" wrap="wrap" align="center">
                <Text component="span" fw={600} className={classes.title} data-part="title">
                  {task.title}
                </Text>
                <Badge component="span" variant="light" radius="sm">
                  {`Priority ${task.priority}`}
                </Badge>
              </Group>
              {task.description && (
                <Text component="span" display="block" size="sm" c="dimmed" mt={4} className={classes.description} data-part="description">
                  {expanded ? task.description : descriptionPreview(task.description)}
                </Text>
              )}
            </span>
          </Group>
        </UnstyledButton>
        <Group gap={4} wrap="nowrap">
          <RowAction label="Edit Task" onClick={onEdit}>
            <IconEdit size={18} />
          </RowAction>
          <RowAction label="Delete Task" color="red" onClick={onDelete}>
            <IconTrash size={18} />
          </RowAction>
        </Group>
      </Group>
      <Collapse expanded={expanded} id={detailsId}>
        <Paper bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-6))" radius="sm" p="sm" mt="sm" ml={26}>
          <Text fw={600} size="sm" mb="xs">
            History
          </Text>
          <TaskHistoryTable history={task.history} />
        </Paper>
      </Collapse>
    </Paper>
  );
}
