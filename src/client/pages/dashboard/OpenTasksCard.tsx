import { Text } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import type { DashboardTaskDto } from '../../../shared/dashboard.js';
import { descriptionPreview } from '../../../shared/tasks.js';
import { DashboardCard } from '../../components/DashboardCard.js';
import classes from './DashboardPage.module.css';

/** 'Open Tasks (count)': the most recently changed open tasks the server sends, or 'No open tasks.' */
export function OpenTasksCard({ count, tasks }: { count: number; tasks: DashboardTaskDto[] }) {
  return (
    <DashboardCard
      title={`Open Tasks (${count})`}
      icon={IconChecklist}
      action={{ label: 'View All Tasks', href: '/tasks' }}
    >
      {tasks.length === 0 ? (
        <Text c="dimmed">No open tasks.</Text>
      ) : (
        <ul className={classes.list}>
          {tasks.map((task) => (
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
