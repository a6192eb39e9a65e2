import { Badge, Button, Card, Center, EmptyState, Group, Loader, Paper, Stack, Text, ThemeIcon, Timeline } from '@mantine/core';
import { IconClockMinus, IconClockPlus, IconHourglassOff } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useEffect } from 'react';
import { Link } from 'wouter';
import { isPendingPurchase, type ActivitiesDto, type ActivityDto } from '../../../shared/activities.js';
import { dateText } from '../../../shared/dates.js';
import { formatHours } from '../../../shared/format.js';
import { HourBlocksPanel } from '../../components/HourBlocksList.js';
import { PageHeader } from '../../components/PageHeader.js';
import { usePageTitle } from '../../lib/usePageTitle.js';
import { useSession } from '../../session.js';
import { trpc } from '../../trpc.js';
import { ActivityDownloads } from './ActivityDownloads.js';
import classes from './ActivitiesPage.module.css';
import { UsageChart } from './UsageChart.js';

export const ACTIVITIES_FAILURE = 'Error getting the list of Activities.';

/** Red for TimeLog, orange for expired hours, blue for hours rolled over, green for completed, otherwise the secondary colour. */
export function dotColor(activity: Pick<ActivityDto, 'activityType' | 'status'>): string {
  if (activity.activityType === 'TimeLog') return 'red';
  if (activity.activityType === 'Expired') return 'orange';
  if (activity.activityType === 'Rollover') return 'blue';
  if (activity.status === 'completed') return 'green';
  return 'secondary';
}

/** The dot's icon: hours that leave the balance, or hours that come in. */
function DotIcon({ activity }: { activity: ActivityDto }) {
  if (activity.activityType === 'Expired') return <IconHourglassOff size={14} />;
  return activity.hours < 0 ? <IconClockMinus size={14} /> : <IconClockPlus size={14} />;
}

/** Entries per page of the timeline; Load more appends the next page. */
export const ACTIVITIES_PAGE_SIZE = 25;

/** The pages loaded so far as one list; an entry a page shifted onto the next shows once. */
function entriesOf(pages: ActivitiesDto[]): ActivityDto[] {
  const byId = new Map<string, ActivityDto>();
  for (const activity of pages.flatMap((page) => page.allActivities)) {
    if (!byId.has(activity.id)) byId.set(activity.id, activity);
  }
  return [...byId.values()];
}

/** The timeline page by page, newest first, cached under activities.list like any tRPC query. */
function useActivityPages() {
  const utils = trpc.useUtils();
  const input = { perPage: ACTIVITIES_PAGE_SIZE };
  return useInfiniteQuery({
    queryKey: getQueryKey(trpc.activities.list, input, 'infinite'),
    queryFn: ({ pageParam }) => utils.client.activities.list.query({ ...input, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * ACTIVITIES_PAGE_SIZE < last.total ? pages.length + 1 : undefined),
  });
}

/** The company's hours ledger as a timeline, newest first, a page at a time. */
export function ActivitiesPage() {
  usePageTitle('Activities');
  const activities = useActivityPages();

  useEffect(() => {
    if (activities.error) console.error('Activities failed to load', activities.error);
  }, [activities.error]);

  const session = useSession();
  const list = activities.data ? entriesOf(activities.data.pages) : undefined;
  return (
    <>
      <PageHeader title="Activities" subtitle="Hours purchased and hours used, with the running balance." />
      <ActivityDownloads />
      <HourBlocksPanel blocks={activities.data?.pages[0]?.blocks ?? []} />
      <UsageChart />
      {activities.isPending && (
        <Center py="xl">
          <Loader aria-label="Loading activities" />
        </Center>
      )}
      {activities.isError && !activities.isFetchNextPageError && <Text c="red">{ACTIVITIES_FAILURE}</Text>}
      {list?.length === 0 && (
        <Paper withBorder radius="md" p="xl">
          <EmptyState title="No Activities" description="Hours you buy and hours we log for you appear here, each with the balance after it.">
            {session?.isAdmin && (
              <EmptyState.Actions>
                <Button component={Link} href="/packages" variant="light">
                  Buy hours
                </Button>
              </EmptyState.Actions>
            )}
          </EmptyState>
        </Paper>
      )}
      {list && list.length > 0 && (
        <Stack gap="lg" className={classes.timeline}>
          <Timeline active={list.length - 1} bulletSize={28} lineWidth={2}>
            {list.map((activity) => (
              <Timeline.Item
                key={activity.id}
                color={dotColor(activity)}
                data-testid="activity"
                bullet={
                  <ThemeIcon size={24} radius="xl" color={dotColor(activity)} aria-hidden="true">
                    <DotIcon activity={activity} />
                  </ThemeIcon>
                }
              >
                <ActivityRow activity={activity} />
              </Timeline.Item>
            ))}
          </Timeline>
          {activities.isFetchNextPageError && <Text c="red">{ACTIVITIES_FAILURE}</Text>}
          {activities.hasNextPage && (
            <Center>
              <Button variant="light" onClick={() => void activities.fetchNextPage()} loading={activities.isFetchingNextPage}>
                Load more
              </Button>
            </Center>
          )}
        </Stack>
      )}
    </>
  );
}

function ActivityRow({ activity }: { activity: ActivityDto }) {
  return (
    <div className={classes.row}>
      <Stack gap={0} className={classes.side}>
        <Text size="sm" fw={500}>
          {dateText(activity.timeStamp)}
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
