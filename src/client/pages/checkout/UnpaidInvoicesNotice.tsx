import { Alert, Anchor, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'wouter';
import { formatDollars } from '../../../shared/format.js';
import type { UnpaidInvoicesDto } from '../../../shared/invoices.js';
import { MAX_UNPAID_INVOICES_PER_COMPANY, TOO_MANY_UNPAID_INVOICES } from '../../../shared/limits.js';

/**
 * Before another purchase: what the company still owes and where to see how to pay it. Buying stays
 * open until the company reaches the most unpaid invoices it may have.
 */
export function UnpaidInvoicesNotice({ unpaid }: { unpaid: UnpaidInvoicesDto }) {
  if (unpaid.count === 0) return null;
  const invoices = unpaid.count === 1 ? '1 invoice is' : `${unpaid.count} invoices are`;
  const atLimit = unpaid.count >= MAX_UNPAID_INVOICES_PER_COMPANY;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle aria-hidden="true" />}
      title="Your company has unpaid invoices"
      data-testid="unpaid-invoices"
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      <Text size="sm">
        {invoices} not paid in full: {formatDollars(unpaid.openBalance)} still due.{' '}
        {atLimit ? TOO_MANY_UNPAID_INVOICES : 'You can still buy this package.'}{' '}
        <Anchor component={Link} href="/invoices" size="sm" fw={600} c="var(--mantine-color-text)" underline="always">
          See how to pay your invoices
        </Anchor>
      </Text>
    </Alert>
  );
}
