import { Paper, Text } from '@mantine/core';
import { PageHeader } from '../components/PageHeader.js';
import { usePageTitle } from '../lib/usePageTitle.js';

/** Holds the place of a screen whose issue has not landed yet, so routes and guards are whole. */
export function ScreenInProgress({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <>
      <PageHeader title={title} />
      <Paper withBorder p="xl" radius="md">
        <Text c="dimmed">This screen is not available yet.</Text>
      </Paper>
    </>
  );
}
