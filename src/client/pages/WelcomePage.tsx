import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { Logo } from '../components/Logo.js';
import { usePageTitle } from '../lib/usePageTitle.js';

/** '/' signed out: the logo with Sign In and Sign Up. */
export function WelcomePage() {
  usePageTitle('');
  return (
    <Stack align="center" gap="xl" py={{ base: 40, sm: 80 }}>
      <Logo size={72} />
      <Stack align="center" gap="xs" maw={560}>
        <Title order={1} ta="center" fz={{ base: 26, sm: 34 }}>
          Prepaid consulting hours, clearly accounted for
        </Title>
        <Text size="lg" c="dimmed" ta="center">
          See your hour balance, open tasks, activities and invoices in one place, and top up when you need more.
        </Text>
      </Stack>
      <Group>
        <Button component={Link} href="/signin" size="md">
          Sign In
        </Button>
        <Button component={Link} href="/signup" size="md" variant="outline">
          Sign Up
        </Button>
      </Group>
    </Stack>
  );
}
