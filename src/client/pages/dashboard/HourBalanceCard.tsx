import { Alert, Button, Center, Group, RingProgress, Stack, Text } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { Link } from 'wouter';
import { paceSentence, type Forecast } from '../../../shared/forecast.js';
import { formatDollars, formatHoursFixed } from '../../../shared/format.js';
import type { DashboardDto } from '../../../shared/dashboard.js';
import type { HourBalanceSummary } from '../../../shared/hour-balance.js';
import { DashboardCard } from '../../components/DashboardCard.js';
import { HourBlocksList } from '../../components/HourBlocksList.js';
import type { LiveBlockDto } from '../../../shared/hour-blocks.js';

type HourBalanceCardProps = { figures: HourBalanceSummary; forecast: Forecast | null; blocks: LiveBlockDto[]; owed: DashboardDto['owed']; isAdmin: boolean };

/**
 * 'Hour Balance': the remaining-hours gauge, Available and Used, the recent purchase, pending hours,
 * and how long the hours last at the recent pace (nothing without recent use).
 */
export function HourBalanceCard({ figures, forecast, blocks, owed, isAdmin }: HourBalanceCardProps) {
  const { balance, pending, recentPurchase, used, remainingPercent } = figures;
  const neverBought = recentPurchase === 0 && pending === 0 && balance === 0;
  return (
    <DashboardCard
      title="Hour Balance"
      icon={IconHourglass}
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
      {neverBought && <FirstPackagePrompt isAdmin={isAdmin} />}
      {owed && <OwedNotice owed={owed} />}
      <Text ta="center">Recent Purchase: {formatHoursFixed(recentPurchase)} Hours</Text>
      {pending > 0 && (
        <Text ta="center" fw={600}>
          {formatHoursFixed(pending)} hours pending activation
        </Text>
      )}
      {forecast && (
        <Text ta="center" size="sm" c="dimmed" data-testid="run-out-forecast">
          {paceSentence(forecast)}
        </Text>
      )}
      <HourBlocksList blocks={blocks} />
    </DashboardCard>
  );
}

/** Before any hours: what to do next, instead of an empty ring alone. Only admins may buy. */
function FirstPackagePrompt({ isAdmin }: { isAdmin: boolean }) {
  return (
    <Alert variant="light" color="blue" title="No hours yet" data-testid="first-package-prompt">
      {isAdmin ? (
        <Stack gap="xs" align="flex-start">
          <Text size="sm">Your company has no hours yet. Buy a package to get started.</Text>
          <Button component={Link} href="/packages" size="xs">
            Buy your first package
          </Button>
        </Stack>
      ) : (
        <Text size="sm">Your company has no hours yet. Ask one of your company's admins to buy a package.</Text>
      )}
    </Alert>
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

/** A negative balance, plainly: the hours owed and, with an overage rate, what they come to. */
function OwedNotice({ owed }: { owed: NonNullable<DashboardDto['owed']> }) {
  return (
    <Alert variant="light" color="red" title={`You owe ${formatHoursFixed(owed.hours)} hours`} data-testid="hours-owed">
      <Text size="sm">
        {owed.amount !== null && owed.rate !== null ? `${formatDollars(owed.amount)} at ${formatDollars(owed.rate)} an hour. ` : ''}
        Work was logged beyond your prepaid hours: they are billed as overage, or taken from your next purchase.
      </Text>
    </Alert>
  );
}
