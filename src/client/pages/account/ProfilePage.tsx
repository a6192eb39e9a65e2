import { Center, Loader, Stack, Title } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader.js';
import { usePageTitle } from '../../lib/usePageTitle.js';
import { trpc } from '../../trpc.js';
import { PasswordCard } from './PasswordCard.js';
import { ProfileCard } from './ProfileCard.js';
import { TwoFactorCard } from './TwoFactorCard.js';

export function ProfilePage() {
  usePageTitle('My Account');
  const profile = trpc.account.profile.useQuery();
  if (profile.isPending) {
    return (
      <Stack align="center" gap="md" py="xl">
        <Title order={2}>Profile</Title>
        <Center>
          <Loader aria-label="Loading profile" />
        </Center>
      </Stack>
    );
  }
  return (
    <>
      <PageHeader title="My Account" subtitle="Your name, email address and password." />
      <Stack gap="lg" maw={720}>
        {profile.data && <ProfileCard profile={profile.data} />}
        <PasswordCard />
        <TwoFactorCard isSuperAdmin={profile.data?.isSuperAdmin ?? false} />
      </Stack>
    </>
  );
}
