import { Button, Checkbox, Group, NumberInput, Select, SimpleGrid, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { dateText } from '../../../../shared/dates.js';
import { formatDollars } from '../../../../shared/format.js';
import { PAYMENT_METHODS, type PaymentMethod } from '../../../../shared/payment-options.js';
import { REJECT_REASON_MAX, type ReportedPaymentDto } from '../../../../shared/reported-payments.js';
import { numberFromText } from '../../../../shared/validation.js';
import { ProofDownloadButton } from '../../../components/ProofDownloadButton.js';
import { fieldErrorReader, FormDialog } from '../../../components/records/index.js';
import { failureText } from '../../../components/records/failureText.js';
import { toastDone } from '../../../lib/toast.js';
import { trpc } from '../../../trpc.js';

/** Who reported what, in the dialog's opening line. */
const reportSummary = (report: ReportedPaymentDto) =>
  `${report.reportedBy || 'The customer'} of ${report.companyName} reported ${formatDollars(report.amount)} by ${report.method} for invoice ${report.invoice.invoiceId}, sent ${dateText(report.paidOn)} (reported ${dateText(report.reportedAt)}).`;

/**
 * The provider's review of a reported payment: Confirm payment records it, prefilled from the
 * report (change what arrived otherwise); Reject asks for the reason the customer is emailed.
 */
export function ReviewReportDialog({ report, onClose }: { report: ReportedPaymentDto; onClose: () => void }) {
  const [rejecting, setRejecting] = useState(false);
  const [amount, setAmount] = useState<number | string>(report.amount);
  const [method, setMethod] = useState<string | null>(report.method);
  const [paidOn, setPaidOn] = useState(report.paidOn);
  const [reference, setReference] = useState(report.reference);
  const [sendEmail, setSendEmail] = useState(true);
  const [reason, setReason] = useState('');
  const decided = (title: string) => (result: ReportedPaymentDto) => {
    // the lists and cards it moves refresh themselves (lib/freshness.ts)
    toastDone(title, `Invoice ${result.invoice.invoiceId} of ${result.companyName}`);
    onClose();
  };
  const confirm = trpc.superadmin.reportedPayments.confirm.useMutation({ onSuccess: decided('Payment confirmed') });
  const reject = trpc.superadmin.reportedPayments.reject.useMutation({ onSuccess: decided('Reported payment rejected') });
  const acting = rejecting ? reject : confirm;
  const fieldError = fieldErrorReader(acting.error);

  const submit = () => {
    if (rejecting) reject.mutate({ id: report._id, reason });
    else confirm.mutate({ id: report._id, amount: numberFromText(amount), method: (method ?? '') as PaymentMethod, paidOn, reference, sendEmail });
  };

  return (
    <FormDialog
      opened
      title={rejecting ? 'Reject Reported Payment' : 'Confirm Reported Payment'}
      submitLabel={rejecting ? 'Reject report' : 'Confirm payment'}
      submitting={acting.isPending}
      error={acting.isError ? failureText(acting.error) : null}
      onClose={onClose}
      onSubmit={submit}
      secondaryAction={
        <Button variant="subtle" color={rejecting ? undefined : 'red'} onClick={() => setRejecting(!rejecting)} disabled={acting.isPending}>
          {rejecting ? 'Back to confirming' : 'Reject…'}
        </Button>
      }
    >
      <Text size="sm">{reportSummary(report)}</Text>
      {report.reference && <Text size="sm">Reference: {report.reference}</Text>}
      {report.proof && (
        <Group>
          <ProofDownloadButton reportId={report._id} invoiceNumber={report.invoice.invoiceId} />
        </Group>
      )}
      {rejecting ? (
        <Textarea
          label="Reason"
          description="Emailed to the customer and shown on their invoice"
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          maxLength={REJECT_REASON_MAX}
          autosize
          minRows={2}
          error={fieldError('reason')}
          required
          data-autofocus
        />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput label="Amount" value={amount} onChange={setAmount} min={0} decimalScale={2} prefix="$" thousandSeparator="," error={fieldError('amount')} />
            <Select label="Method" data={[...PAYMENT_METHODS]} value={method} onChange={setMethod} allowDeselect={false} error={fieldError('method')} comboboxProps={{ withinPortal: true }} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput type="date" label="Payment date" value={paidOn} onChange={(event) => setPaidOn(event.currentTarget.value)} error={fieldError('paidOn')} />
            <TextInput label="Transaction reference" value={reference} onChange={(event) => setReference(event.currentTarget.value)} error={fieldError('reference')} />
          </SimpleGrid>
          <Checkbox label="Send Email to Client" checked={sendEmail} onChange={(event) => setSendEmail(event.currentTarget.checked)} />
        </>
      )}
    </FormDialog>
  );
}
