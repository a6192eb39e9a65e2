import { List, Paper, Stack, Text, Title } from '@mantine/core';
import { blockExpiryText, type LiveBlockDto } from '../../shared/hour-blocks.js';

/** The blocks of hours that expire, soonest first: "10.00 hours expire on Jun 2, 2026". Nothing when every hour lasts. */
export function HourBlocksList({ blocks }: { blocks: LiveBlockDto[] }) {
  if (blocks.length === 0) return null;
  return (
    <List size="sm" spacing={2} data-testid="hour-blocks" aria-label="Hours that expire">
      {blocks.map((block) => (
        <List.Item key={`${block.expiresOn}-${block.hours}-${block.rolledOver}`}>
          {blockExpiryText(block)}
          {block.rolledOver && (
            <Text span size="sm" c="dimmed">
              {' '}
              (rolled over)
            </Text>
          )}
        </List.Item>
      ))}
    </List>
  );
}

/** The same, as a panel of its own above a page's content. */
export function HourBlocksPanel({ blocks }: { blocks: LiveBlockDto[] }) {
  if (blocks.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" mb="lg" component="section" aria-labelledby="hours-that-expire">
      <Stack gap="xs">
        <Title order={2} fz="h4" id="hours-that-expire">
          Hours that expire
        </Title>
        <HourBlocksList blocks={blocks} />
      </Stack>
    </Paper>
  );
}
