import { Badge } from '@mantine/core';
import type { RatingTone } from './ratingTones.js';

type RatingBadgeProps = { rating: string; tone: RatingTone; size?: 'sm' | 'md' | 'lg'; testId?: string };

/** A rating chip ('Excellent', 'Half Day', ...) in its tone. */
export function RatingBadge({ rating, tone, size = 'md', testId }: RatingBadgeProps) {
  return (
    <Badge data-testid={testId} size={size} radius="xl" tt="none" fw={600} style={{ backgroundColor: tone.background, color: tone.text, border: `1px solid ${tone.text}33`, flexShrink: 0 }}>
      {rating}
    </Badge>
  );
}
