import { Button, Center, Text } from '@mantine/core';

type LoadMoreButtonProps = { shown: number; total: number; loading: boolean; onClick: () => void };

/** Below a customer list: how many of how many are shown, and a button for the next page while any remain. */
export function LoadMoreButton({ shown, total, loading, onClick }: LoadMoreButtonProps) {
  if (total === 0) return null;
  return (
    <Center mt="md" style={{ flexDirection: 'column', gap: 8 }}>
      <Text size="sm" c="dimmed">
        Showing {shown} of {total}
      </Text>
      {shown < total && (
        <Button variant="light" onClick={onClick} loading={loading}>
          Load more
        </Button>
      )}
    </Center>
  );
}
