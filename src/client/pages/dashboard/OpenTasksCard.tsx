import { Text, ThemeIcon } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { descriptionPreview, type TaskDto } from '../../../shared/tasks.js';
import { DashboardCard } from './DashboardCard.js';
import { newestTasks } from './dashboardData.js';
import classes from './DashboardPage.module.css';

/** 'Open Tasks (count)': the three most recently changed tasks, or 'No open tasks.' */
export function OpenTasksCard({ tasks }: { tasks: TaskDto[] }) {
  const shown = newestTasks(tasks);
  return (
    <DashboardCard
      title={`Open Tasks (${tasks.length})`}
      icon={
        <ThemeIcon variant="light" radius="xl" size="lg" aria-hidden="true">
          <IconChecklist size={20} />
        </ThemeIcon>
      }
      action={{ label: 'View All Tasks', href: '/tasks' }}
    >
      {shown.length === 0 ? (
        <Text c="dimmed">No open tasks.</Text>
      ) : (
        <ul className={classes.list}>
          {shown.map((task) => (
            <li key={task._id}>
              <Text fw={500} className={classes.wrap}>
                {task.title}
              </Text>
              {task.description && (
                <Text size="sm" c="dimmed" className={classes.wrap}>
                  {descriptionPreview(task.description)}
                </Text>
              )}
            </li>
          ))}
        </ul>
      )}
    </DashboardCard>
  );
}
