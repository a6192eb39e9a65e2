import { Alert, Group, Stack, Text } from '@mantine/core';
import { dateText } from '../../../shared/dates.js';
import { formatDollars } from '../../../shared/format.js';
import { REPORT_STATUS_LABELS, type ReportedPaymentDto } from '../../../shared/reported-payments.js';
import { ProofDownloadButton } from '../../components/ProofDownloadButton.js';

/** What the customer reported, said in one line: amount, method, day and reference. */
const reportText = (report: ReportedPaymentDto) =>
  `${formatDollars(report.amount)} by ${report.method}, sent ${dateText(report.paidOn)}${report.reference ? `, reference ${report.reference}` : ''}.`;

/**
 * The invoice's latest reported payment as the customer sees it: waiting for the provider, or
 * rejected with the provider's reason. A confirmed one is among the payments and needs no note.
 */
export function ReportedPaymentNote({ report }: { report: ReportedPaymentDto | null }) {
  if (!report || report.status === 'confirmed') return null;
  const pending = report.status === 'pending';
  return (
    <Alert color={pending ? 'blue' : 'orange'} variant="light" title={REPORT_STATUS_LABELS[report.status]}>
      <Stack gap={6}>
        <Text size="sm">
          You reported           {reportText(report)} {pending ? 'It counts toward the invoice once we confirm it arrived.' : ''}
        </Text>
        {!pending && (
          <Text size="sm" fw={500}>
            Reason: {report.rejectReason}
          </Text>
        )}
        {report.proof && (
          <Group>
            <ProofDownloadButton reportId={report._id} invoiceNumber={report.invoice.invoiceId} />
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
