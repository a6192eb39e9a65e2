import { Center, Loader, Text } from '@mantine/core';
import { useEffect } from 'react';

type Query = { isPending: boolean; error: unknown };

/** A card's own loading spinner and failure text, so one card failing leaves the others showing. */
export function CardState({ query, what }: { query: Query; what: string }) {
  useEffect(() => {
    if (query.error) console.error(`Overview: ${what} failed to load`, query.error);
  }, [query.error, what]);
  if (query.error) return <Text c="red">Error getting data from the server.</Text>;
  if (query.isPending) {
    return (
      <Center py="md">
        <Loader size="sm" aria-label={`Loading ${what}`} />
      </Center>
    );
  }
  return null;
}
