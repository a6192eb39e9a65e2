import { Text } from '@mantine/core';
import { IconActivity } from '@tabler/icons-react';
import type { ActivityDto } from '../../../shared/activities.js';
import { DashboardCard } from '../../components/DashboardCard.js';
import { activityDate, activityLine } from './dashboardData.js';
import classes from './DashboardPage.module.css';

/** 'Recent Activities': the latest completed activities the server sends, or 'No recent activity.' */
export function RecentActivitiesCard({ activities }: { activities: ActivityDto[] }) {
  return (
    <DashboardCard
      title="Recent Activities"
      icon={IconActivity}
      iconColor="secondary"
      action={{ label: 'View All Activities', href: '/activities' }}
    >
      {activities.length === 0 ? (
        <Text c="dimmed">No recent activity.</Text>
      ) : (
        <ul className={classes.list}>
          {activities.map((activity) => (
            <li key={activity.id}>
              <Text fw={500} className={classes.wrap}>
                {activityLine(activity)}
              </Text>
              <Text size="sm" c="dimmed">
                {activityDate(activity)}
              </Text>
            </li>
          ))}
        </ul>
      )}
    </DashboardCard>
  );
}
