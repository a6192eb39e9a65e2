import { Alert, Button, Group, Text } from '@mantine/core';

/** Above a list narrowed to one row (a Search hit's link), with the way back to every row. */
export function OneRowNotice({ noun, onShowAll }: { noun: string; onShowAll: () => void }) {
  return (
    <Alert color="blue" variant="light" mb="md" p="xs">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm">Showing the one {noun} opened from Search.</Text>
        <Button size="compact-sm" variant="white" onClick={onShowAll}>
          Show all {noun}s
        </Button>
      </Group>
    </Alert>
  );
}
