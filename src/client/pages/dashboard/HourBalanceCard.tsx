import { Center, Group, RingProgress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { formatHours, formatHoursFixed } from '../../../shared/format.js';
import type { HourBalanceSummary } from '../../../shared/hour-balance.js';
import { DashboardCard } from '../../components/DashboardCard.js';

/** 'Hour Balance': the remaining-hours gauge, Available and Used, the recent purchase and pending hours. */
export function HourBalanceCard({ figures }: { figures: HourBalanceSummary }) {
  const { balance, pending, recentPurchase, used, remainingPercent } = figures;
  return (
    <DashboardCard
      title="Hour Balance"
      icon={
        <ThemeIcon variant="light" radius="xl" size="lg" aria-hidden="true">
          <IconHourglass size={20} />
        </ThemeIcon>
      }
      action={{ label: 'Purchase More Hours', href: '/packages' }}
    >
      <Center>
        <RingProgress
          size={150}
          thickness={14}
          // A round cap on an empty ring would draw a stray dot.
          roundCaps={remainingPercent > 0}
          sections={remainingPercent > 0 ? [{ value: remainingPercent, color: remainingPercent <= 10 ? 'red' : 'blue' }] : []}
          role="img"
          aria-label={`${remainingPercent}% of the recent purchase remaining`}
          label={
            <Text ta="center" fw={700} fz="lg" aria-hidden="true">
              {remainingPercent}%
            </Text>
          }
        />
      </Center>
      <Group grow gap="sm">
        <HoursFigure label="Available" hours={balance} testId="hours-available" />
        <HoursFigure label="Used" hours={used} testId="hours-used" />
      </Group>
      <Text ta="center">Recent Purchase: {formatHours(recentPurchase)} Hours</Text>
      {pending > 0 && (
        <Text ta="center" fw={600}>
          {formatHoursFixed(pending)} hours pending activation
        </Text>
      )}
    </DashboardCard>
  );
}

/** One of the card's two figures: its name, and the hours under it. */
function HoursFigure({ label, hours, testId }: { label: string; hours: number; testId: string }) {
  return (
    <Stack gap={0} align="center">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="lg" data-testid={testId}>
        {formatHoursFixed(hours)}
      </Text>
    </Stack>
  );
}
