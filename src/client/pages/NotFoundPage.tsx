import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { usePageTitle } from '../lib/usePageTitle.js';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <Stack align="center" py={60} gap="md">
      <Title order={1}>Page not found</Title>
      <Text c="dimmed">There is nothing at this address.</Text>
      <Button component={Link} href="/">
        Go to the start page
      </Button>
    </Stack>
  );
}
