import { Center, Loader, Text } from '@mantine/core';
import { useEffect } from 'react';
import { MAX_PER_PAGE } from '../../../shared/list.js';
import { PageHeader } from '../../components/PageHeader.js';
import { usePageTitle } from '../../lib/usePageTitle.js';
import { trpc } from '../../trpc.js';
import classes from './DashboardPage.module.css';
import { HourBalanceCard } from './HourBalanceCard.js';
import { OpenTasksCard } from './OpenTasksCard.js';
import { RecentActivitiesCard } from './RecentActivitiesCard.js';

export const DEFAULT_COMPANY_NAME = 'Your Company Name';

export function dashboardTitle(companyName: string | null | undefined): string {
  return `${companyName || DEFAULT_COMPANY_NAME} - Dashboard`;
}

/** The dashboard's three loads; any failure is the one 'Error getting data from the server.' */
function useDashboardData() {
  const profile = trpc.account.profile.useQuery();
  // Every open task (a company has far fewer than a page of 1,000): the card counts them.
  const tasks = trpc.tasks.list.useQuery({ perPage: MAX_PER_PAGE });
  const activities = trpc.activities.list.useQuery();
  const error = profile.error ?? tasks.error ?? activities.error;

  useEffect(() => {
    if (error) console.error('Dashboard data failed to load', error);
  }, [error]);

  const ready = profile.isSuccess && tasks.isSuccess && activities.isSuccess;
  return {
    profile,
    error,
    loading: !error && !ready,
    cards: ready && !error ? { tasks: tasks.data.items, activities: activities.data.allActivities } : null,
  };
}

/** The dashboard frame: title, subtitle, loading and failure states, and the cards. */
export function DashboardPage() {
  const { profile, error, loading, cards } = useDashboardData();
  const title = profile.isPending ? 'Dashboard' : dashboardTitle(profile.data?.company?.companyName);
  usePageTitle('Dashboard');

  return (
    <>
      <PageHeader title={title} subtitle="Overview of your hours, tasks, and activities." />
      {loading && (
        <Center py="xl">
          <Loader aria-label="Loading dashboard" />
        </Center>
      )}
      {error && <Text c="red">Error getting data from the server.</Text>}
      {cards && (
        <div className={classes.cards}>
          <HourBalanceCard activities={cards.activities} />
          <OpenTasksCard tasks={cards.tasks} />
          <RecentActivitiesCard activities={cards.activities} />
        </div>
      )}
    </>
  );
}
