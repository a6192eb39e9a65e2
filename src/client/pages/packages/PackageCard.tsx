import { Badge, Button, Card, Stack, Text } from '@mantine/core';
import type { PackageDto } from '../../../shared/packages.js';
import { formatDollars, formatHours } from '../../../shared/format.js';
import { formatPackageDate } from '../../lib/packageText.js';
import { hourTermsText } from '../../../shared/hour-blocks.js';

/** Secondary orange, dark enough text for 4.5:1 contrast. */
const customBadgeStyles = { root: { backgroundColor: 'light-dark(var(--mantine-color-orange-1), var(--mantine-color-orange-9))', color: 'light-dark(#7a3300, var(--mantine-color-white))' } };

type PackageCardProps = { pkg: PackageDto; onSelect: (pkg: PackageDto) => void };

/** One option of the catalogue: description, hours, rate, price, expiry, and Select. */
export function PackageCard({ pkg, onSelect }: PackageCardProps) {
  const custom = pkg.company !== null;
  const expires = formatPackageDate(pkg.endDate);
  return (
    <Card component="li" withBorder radius="md" padding="lg" shadow="sm" data-testid="package-card" aria-label={pkg.description}>
      <Stack gap="sm" h="100%">
        {custom && (
          <Badge variant="light" radius="sm" w="fit-content" styles={customBadgeStyles}>
            For your company
          </Badge>
        )}
        <Text component="h2" fw={700} fz="lg" m={0}>
          {pkg.description}
        </Text>
        <Text fz={32} fw={800} lh={1.1} c="blue.8" data-testid="package-price">
          {formatDollars(pkg.price)}
        </Text>
        <Stack gap={2}>
          <Text size="sm" data-testid="package-hours">
            <Text span fw={600}>
              Hours:
            </Text>{' '}
            {formatHours(pkg.hours)}
          </Text>
          <Text size="sm" data-testid="package-rate">
            <Text span fw={600}>
              Rate:
            </Text>{' '}
            {formatDollars(pkg.rate)} per hour
          </Text>
          {pkg.validityMonths !== null && (
            <Text size="sm" data-testid="package-validity">
              {hourTermsText(pkg)}
            </Text>
          )}
          {expires && (
            <Text size="sm" c="dark.4" data-testid="package-expires">
              Option Expires on {expires}
            </Text>
          )}
        </Stack>
        <Button mt="auto" fullWidth onClick={() => onSelect(pkg)} aria-label={`Select ${pkg.description}`}>
          Select
        </Button>
      </Stack>
    </Card>
  );
}
