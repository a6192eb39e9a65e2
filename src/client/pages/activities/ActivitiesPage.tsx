import { Badge, Card, Center, Group, Loader, Stack, Text, ThemeIcon, Timeline } from '@mantine/core';
import { IconClockMinus, IconClockPlus } from '@tabler/icons-react';
import { useEffect } from 'react';
import type { ActivityDto } from '../../../shared/activities.js';
import { formatHours } from '../../../shared/format.js';
import { PageHeader } from '../../components/PageHeader.js';
import { usePageTitle } from '../../lib/usePageTitle.js';
import { trpc } from '../../trpc.js';
import classes from './ActivitiesPage.module.css';

export const ACTIVITIES_FAILURE = 'Error getting the list of Activities.';

/** SPEC.md §4: red for TimeLog, green for completed, otherwise the secondary colour. */
export function dotColor(activity: Pick<ActivityDto, 'activityType' | 'status'>): string {
  if (activity.activityType === 'TimeLog') return 'red';
  if (activity.status === 'completed') return 'green';
  return 'secondary';
}

export const isPendingPurchase = (activity: Pick<ActivityDto, 'activityType' | 'status'>) =>
  activity.activityType === 'TimeAdd' && activity.status === 'pending';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** SPEC.md §2 Activities: the company's hours ledger as a timeline, newest first. */
export function ActivitiesPage() {
  usePageTitle('Activities');
  const activities = trpc.activities.list.useQuery();

  useEffect(() => {
    if (activities.error) console.error('Activities failed to load', activities.error);
  }, [activities.error]);

  const list = activities.data?.allActivities;
  return (
    <>
      <PageHeader title="Activities" subtitle="Hours purchased and hours used, with the running balance." />
      {activities.isPending && (
        <Center py="xl">
          <Loader aria-label="Loading activities" />
        </Center>
      )}
      {activities.error && <Text c="red">{ACTIVITIES_FAILURE}</Text>}
      {list?.length === 0 && <Text c="dimmed">No Activities</Text>}
      {list && list.length > 0 && (
        <Timeline active={list.length - 1} bulletSize={28} lineWidth={2} className={classes.timeline}>
          {list.map((activity) => (
            <Timeline.Item
              key={activity.id}
              color={dotColor(activity)}
              data-testid="activity"
              bullet={
                <ThemeIcon size={24} radius="xl" color={dotColor(activity)} aria-hidden="true">
                  {activity.activityType === 'TimeLog' ? <IconClockMinus size={14} /> : <IconClockPlus size={14} />}
                </ThemeIcon>
              }
            >
              <ActivityRow activity={activity} />
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </>
  );
}

function ActivityRow({ activity }: { activity: ActivityDto }) {
  return (
    <div className={classes.row}>
      <Stack gap={0} className={classes.side}>
        <Text size="sm" fw={500}>
          {dateFormat.format(new Date(activity.timeStamp))}
        </Text>
        <Text size="sm" c="dimmed">
          Balance: {formatHours(activity.runningHourBalance)} hours
        </Text>
      </Stack>
      <Card withBorder radius="md" padding="sm" className={classes.card}>
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
          <Text fw={500} className={classes.wrap}>
            {activity.description}
          </Text>
          {isPendingPurchase(activity) && (
            <Badge color="secondary" variant="filled" autoContrast>
              Pending
            </Badge>
          )}
        </Group>
        <Text size="sm">
          Hours: {formatHours(activity.hours)}
        </Text>
        <Text size="sm" c="dimmed">
          Type: {activity.activityType}
        </Text>
      </Card>
    </div>
  );
}
