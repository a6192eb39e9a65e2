import { Button, Center, Text } from '@mantine/core';
import { totalText } from '../../shared/list.js';

type LoadMoreButtonProps = { shown: number; total: number; totalIsCapped: boolean; loading: boolean; onClick: () => void };

/** Below a customer list: how many of how many are shown (a capped total reads "10,000+"), and a button for the next page while any remain. */
export function LoadMoreButton({ shown, total, totalIsCapped, loading, onClick }: LoadMoreButtonProps) {
  if (total === 0) return null;
  return (
    <Center mt="md" style={{ flexDirection: 'column', gap: 8 }}>
      <Text size="sm" c="dimmed">
        Showing {shown} of {totalText({ total, totalIsCapped })}
      </Text>
      {shown < total && (
        <Button variant="light" onClick={onClick} loading={loading}>
          Load more
        </Button>
      )}
    </Center>
  );
}
