import { Badge, Stack, Text } from '@mantine/core';
import { invoiceStatus, PARTLY_PAID_NOTE, type InvoiceDto } from '../../shared/invoices.js';
import { REPORT_STATUS_LABELS } from '../../shared/reported-payments.js';
import { StatusBadge } from './StatusBadge.js';

/**
 * An invoice's status as every list shows it (invoiceStatus): the word as a badge and, once some
 * payment counts toward an invoice not paid in full, "partly paid" under it, so the column keeps
 * its width. reportPending adds "Payment reported" under them: the customer says they have paid.
 */
export function InvoiceStatus({ invoice, reportPending = false }: { invoice: Pick<InvoiceDto, 'completeStatus' | 'status' | 'price' | 'remainingBalance'>; reportPending?: boolean }) {
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
      {reportPending && ' '}
      {reportPending && <ReportPendingBadge />}
    </Stack>
  );
}

/** "Payment reported": the customer says they have sent the payment, and it waits for the provider. */
function ReportPendingBadge() {
  return (
    <Badge color="blue" variant="light" radius="sm" tt="none" c="var(--mantine-color-text)" styles={{ label: { overflow: 'visible' } }}>
      {REPORT_STATUS_LABELS.pending}
    </Badge>
  );
}
