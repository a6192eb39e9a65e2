import { Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';

/** The placeholder page served until the portal shell lands: the brand and the way to the API. */
export function App() {
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="lg">
        <Title order={1} c="brand.6">
          Hourbank
        </Title>
        <Text size="lg" ta="center">
          Prepaid consulting hours: your balance, tasks, activities and invoices in one place.
        </Text>
        <Group>
          <Button component="a" href="/api/docs">
            API reference
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          The portal screens are on their way. Scripts can use the <Anchor href="/api/docs">REST API</Anchor> today.
        </Text>
      </Stack>
    </Container>
  );
}
