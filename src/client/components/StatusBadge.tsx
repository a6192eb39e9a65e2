import { Badge } from '@mantine/core';
import { statusColor } from '../lib/statusColor.js';

/** An invoice's or payment's status as a coloured badge; the text stays as the list gives it. */
export function StatusBadge({ status }: { status: string }) {
  const color = statusColor(status);
  // the whole status shows (a table column is not allowed to cut it short); the tint carries the colour; the text keeps the page's own colour, readable on any tint and scheme
  return (
    <Badge color={color} c="var(--mantine-color-text)" variant="light" radius="sm" tt="none" styles={{ label: { overflow: 'visible' } }}>
      {status}
    </Badge>
  );
}
