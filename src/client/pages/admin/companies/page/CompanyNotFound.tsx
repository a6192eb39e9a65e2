import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { usePageTitle } from '../../../../lib/usePageTitle.js';

/** An address naming no company (a mistyped id, or a company deleted since the link was made). */
export function CompanyNotFound() {
  usePageTitle('Company not found');
  return (
    <Stack align="center" py={60} gap="md" data-testid="company-not-found">
      <Title order={1}>Company not found</Title>
      <Text c="dimmed" ta="center">
        No company has this address. It may have been deleted, or the link may be mistyped.
      </Text>
      <Button component={Link} href="/companies">
        Back to the Company List
      </Button>
    </Stack>
  );
}
