import { Center, Loader, Text } from '@mantine/core';
import { useEffect } from 'react';
import { PageHeader } from '../../components/PageHeader.js';
import { usePageTitle } from '../../lib/usePageTitle.js';
import { useSession } from '../../session.js';
import { trpc } from '../../trpc.js';
import classes from './DashboardPage.module.css';
import { HourBalanceCard } from './HourBalanceCard.js';
import { OpenTasksCard } from './OpenTasksCard.js';
import { RecentActivitiesCard } from './RecentActivitiesCard.js';

export const DEFAULT_COMPANY_NAME = 'Your Company Name';

export function dashboardTitle(companyName: string | null | undefined): string {
  return `${companyName || DEFAULT_COMPANY_NAME} - Dashboard`;
}

/**
 * The dashboard comes in one call; its failure is the one 'Error getting data from the server.'
 * Tasks and hours change on other screens, so each visit asks again (showing what it had meanwhile).
 */
function useDashboardSummary() {
  const summary = trpc.dashboard.summary.useQuery(undefined, { refetchOnMount: 'always' });
  useEffect(() => {
    if (summary.error) console.error('Dashboard data failed to load', summary.error);
  }, [summary.error]);
  return summary;
}

/** The dashboard frame: title, subtitle, loading and failure states, and the cards. */
export function DashboardPage() {
  const summary = useDashboardSummary();
  const isAdmin = useSession()?.isAdmin ?? false;
  const title = summary.isPending ? 'Dashboard' : dashboardTitle(summary.data?.company?.companyName);
  usePageTitle('Dashboard');

  return (
    <>
      <PageHeader title={title} subtitle="Overview of your hours, tasks, and activities." />
      {summary.isPending && (
        <Center py="xl">
          <Loader aria-label="Loading dashboard" />
        </Center>
      )}
      {summary.error && <Text c="red">Error getting data from the server.</Text>}
      {summary.data && !summary.error && (
        <div className={classes.cards}>
          <HourBalanceCard figures={summary.data.hourBalance} forecast={summary.data.forecast} blocks={summary.data.blocks} owed={summary.data.owed} isAdmin={isAdmin} />
          <OpenTasksCard count={summary.data.openTasks.count} tasks={summary.data.openTasks.newest} />
          <RecentActivitiesCard activities={summary.data.recentActivities} />
        </div>
      )}
    </>
  );
}
