import { Group, Text } from '@mantine/core';

type LogoProps = { size?: number; inverted?: boolean };

/** The Hourbank mark (an hourglass on a blue tile) and wordmark. */
export function Logo({ size = 36, inverted = false }: LogoProps) {
  return (
    <Group gap={size / 4} wrap="nowrap">
      <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill={inverted ? '#ffffff' : '#1976d2'} />
        <path
          d="M20 14h24v6c0 6-6 10-9 12 3 2 9 6 9 12v6H20v-6c0-6 6-10 9-12-3-2-9-6-9-12z"
          fill="none"
          stroke={inverted ? '#1976d2' : '#ffffff'}
          strokeWidth="4"
          strokeLinejoin="round"
        />
        <path d="M26 46c0-3 4-6 6-7 2 1 6 4 6 7z" fill="#ff9800" />
      </svg>
      <Text component="span" fw={700} fz={size * 0.6} c={inverted ? 'white' : 'brand.7'} style={{ letterSpacing: -0.5 }}>
        Hourbank
      </Text>
    </Group>
  );
}
