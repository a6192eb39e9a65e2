import { Stack, Text } from '@mantine/core';
import { invoiceStatus, PARTLY_PAID_NOTE, type InvoiceDto } from '../../shared/invoices.js';
import { StatusBadge } from './StatusBadge.js';

/**
 * An invoice's status as every list shows it (invoiceStatus): the word as a badge and, once some
 * payment counts toward an invoice not paid in full, "partly paid" under it, so the column keeps
 * its width.
 */
export function InvoiceStatus({ invoice }: { invoice: Pick<InvoiceDto, 'completeStatus' | 'status' | 'price' | 'remainingBalance'> }) {
  const { word, partlyPaid } = invoiceStatus(invoice);
  return (
    <Stack gap={2} align="flex-start">
      <StatusBadge status={word} />
      {/* the space keeps the word and the note apart in the row's text (a search, a screen reader) */}
      {partlyPaid && ' '}
      {partlyPaid && (
        <Text component="span" size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {PARTLY_PAID_NOTE}
        </Text>
      )}
    </Stack>
  );
}
