import { Badge } from '@mantine/core';
import { statusColor } from '../lib/statusColor.js';

/** An invoice's or payment's status as a coloured badge; the text stays as the list gives it. */
export function StatusBadge({ status }: { status: string }) {
  const color = statusColor(status);
  // the darkest shade keeps the small text readable on the light tint
  return (
    <Badge color={color} c={`${color}.9`} variant="light" radius="sm" tt="none" style={{ whiteSpace: 'nowrap' }}>
      {status}
    </Badge>
  );
}
