import { FileInput, NumberInput, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';
import { runtimeTimeZone } from '../../../shared/dates.js';
import { formatDollars } from '../../../shared/format.js';
import type { InvoiceDto } from '../../../shared/invoices.js';
import { PAYMENT_METHODS, paymentMethodForInvoice } from '../../../shared/payment-options.js';
import { PROOF_ACCEPT, PROOF_MAX_BYTES, PROOF_RULE_TEXT, PROOF_TOO_LARGE } from '../../../shared/reported-payments.js';
import { numberFromText } from '../../../shared/validation.js';
import { localDate } from '../../../shared/weekly.js';
import { fieldErrorReader, FormDialog } from '../../components/records/index.js';
import { failureText } from '../../components/records/failureText.js';
import { toastDone } from '../../lib/toast.js';
import { trpc } from '../../trpc.js';

/** A file as a data URL, for the report's JSON body. */
function dataUrlOf(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('The file could not be read. Choose it again.'));
    reader.readAsDataURL(file);
  });
}

/**
 * "I've sent the payment": the customer says how, how much and when they paid an invoice, with an
 * optional proof. Amount starts at what is owed, the date at today, the method at the invoice's.
 */
export function ReportPaymentDialog({ invoice, onClose }: { invoice: InvoiceDto; onClose: () => void }) {
  const today = localDate(new Date(), runtimeTimeZone());
  const [method, setMethod] = useState<string | null>(paymentMethodForInvoice(invoice.selectedPaymentMethod));
  const [amount, setAmount] = useState<number | string>(invoice.remainingBalance);
  const [paidOn, setPaidOn] = useState(today);
  const [reference, setReference] = useState('');
  const [proof, setProof] = useState<File | null>(null);
  const [proofError, setProofError] = useState<string | null>(null);
  const report = trpc.reportedPayments.report.useMutation({
    onSuccess: (reported) => {
      toastDone('Payment reported', `Invoice ${reported.invoice.invoiceId}: ${formatDollars(reported.amount)}. We will confirm it once it arrives.`);
      onClose();
    },
  });
  const fieldError = fieldErrorReader(report.error);

  const chooseProof = (file: File | null) => {
    setProof(file);
    setProofError(file && file.size > PROOF_MAX_BYTES ? PROOF_TOO_LARGE : null);
  };

  const submit = async () => {
    if (proofError) return;
    let proofUrl: string | null = null;
    try {
      proofUrl = proof ? await dataUrlOf(proof) : null;
    } catch (cause) {
      setProofError(failureText(cause));
      return;
    }
    report.mutate({ invoice: invoice._id, method: (method ?? '') as never, amount: numberFromText(amount), paidOn, reference, proof: proofUrl });
  };

  return (
    <FormDialog
      opened
      title={`I've sent the payment: invoice ${invoice.invoiceId}`}
      submitLabel="Report payment"
      submitting={report.isPending}
      error={report.isError ? failureText(report.error) : null}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      <Text size="sm">
        Tell us about the payment you sent. It counts toward the invoice once we have confirmed it arrived; {formatDollars(invoice.remainingBalance)} is still owed.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select label="Method" data={[...PAYMENT_METHODS]} value={method} onChange={setMethod} allowDeselect={false} error={fieldError('method')} comboboxProps={{ withinPortal: true }} required />
        <NumberInput label="Amount" value={amount} onChange={setAmount} min={0} max={invoice.remainingBalance} decimalScale={2} prefix="$" thousandSeparator="," error={fieldError('amount')} required />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput type="date" label="Date sent" value={paidOn} max={today} onChange={(event) => setPaidOn(event.currentTarget.value)} error={fieldError('paidOn')} required />
        <TextInput label="Reference" description="Transfer, Zelle or check number" value={reference} onChange={(event) => setReference(event.currentTarget.value)} error={fieldError('reference')} />
      </SimpleGrid>
      <FileInput
        label="Proof of payment (optional)"
        description={PROOF_RULE_TEXT}
        placeholder="Choose a file"
        accept={PROOF_ACCEPT}
        value={proof}
        onChange={chooseProof}
        clearable
        clearButtonProps={{ 'aria-label': 'Remove the chosen proof' }}
        leftSection={<IconPaperclip size={16} aria-hidden="true" />}
        error={proofError ?? fieldError('proof')}
      />
    </FormDialog>
  );
}
