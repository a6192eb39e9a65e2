import { Center, Loader, Text } from '@mantine/core';
import { useEffect } from 'react';
import { PageHeader } from '../../components/PageHeader.js';
import { usePageTitle } from '../../lib/usePageTitle.js';
import { trpc } from '../../trpc.js';

export const DEFAULT_COMPANY_NAME = 'Your Company Name';

export function dashboardTitle(companyName: string | null | undefined): string {
  return `${companyName || DEFAULT_COMPANY_NAME} - Dashboard`;
}

/** The dashboard frame: title, subtitle, loading and failure states. The cards sit inside it. */
export function DashboardPage() {
  const profile = trpc.account.profile.useQuery();
  const title = profile.isPending ? 'Dashboard' : dashboardTitle(profile.data?.company?.companyName);
  usePageTitle('Dashboard');

  useEffect(() => {
    if (profile.error) console.error('Dashboard data failed to load', profile.error);
  }, [profile.error]);

  return (
    <>
      <PageHeader title={title} subtitle="Overview of your hours, tasks, and activities." />
      {profile.isPending && (
        <Center py="xl">
          <Loader aria-label="Loading dashboard" />
        </Center>
      )}
      {profile.isError && <Text c="red">Error getting data from the server.</Text>}
    </>
  );
}
