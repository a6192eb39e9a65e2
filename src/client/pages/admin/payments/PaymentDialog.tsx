import { Autocomplete, Checkbox, NumberInput, Select, SimpleGrid, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { PAYMENT_METHODS, type PaymentMethod } from '../../../../shared/payment-options.js';
import { countingStatusNote, DEFAULT_PAYMENT_STATUS, PAYMENT_STATUSES, SEND_EMAIL_DEFAULT, paymentPrefillFor, type PaymentDto } from '../../../../shared/payments.js';
import { numberFromText } from '../../../../shared/validation.js';
import { formatDollars } from '../../../../shared/format.js';
import { CompanySelect, fieldErrorReader, RecordDialog } from '../../../components/records/index.js';
import { isoOfPicked, pickerValueOf } from '../../../components/calendarPicker.js';
import { toastDone } from '../../../lib/toast.js';
import { trpc } from '../../../trpc.js';
import { LogDateTimePicker } from '../timelogs/LogDateTimePicker.js';
import { paymentText } from './paymentText.js';

type PaymentDialogProps = {
  /** An empty object adds a payment; a row edits it; company, invoice, amount and method alone start one for that invoice. */
  payment: Partial<PaymentDto>;
  defaultCompanyId: string;
  onClose: () => void;
  onSaved: (payment: PaymentDto) => void;
  /** The title of a new payment's dialog: 'Record Payment' from an invoice row, 'Add Payment' otherwise. */
  addTitle?: string;
};


/** Add or edit a payment; the server's message stays in the dialog on failure, on the field it names. */
export function PaymentDialog({ payment, defaultCompanyId, onClose, onSaved, addTitle }: PaymentDialogProps) {
  const editing = Boolean(payment._id);
  const [companyId, setCompanyId] = useState<string | null>(payment.company ?? (defaultCompanyId || null));
  const [invoiceId, setInvoiceId] = useState<string | null>(payment.invoice?._id ?? null);
  const [amount, setAmount] = useState<number | string>(payment.amount ?? '');
  // an amount or method the user chose is theirs: choosing an invoice does not overwrite it
  const [amountTyped, setAmountTyped] = useState(false);
  const [methodPicked, setMethodPicked] = useState(false);
  const [method, setMethod] = useState<string | null>(payment.method ?? null);
  const [status, setStatus] = useState(payment.status ?? DEFAULT_PAYMENT_STATUS);
  const [paymentDate, setPaymentDate] = useState<string | null>(() => pickerValueOf(payment.paymentDate, 'dateTime'));
  const [description, setDescription] = useState(payment.description ?? '');
  const [transactionId, setTransactionId] = useState(payment.transactionId ?? '');
  const [sendEmail, setSendEmail] = useState(payment.sendEmail ?? SEND_EMAIL_DEFAULT);

  const saved = (result: PaymentDto) => {
    toastDone(editing ? 'Payment updated' : 'Payment saved', paymentText(result));
    onSaved(result);
  };
  const create = trpc.superadmin.payments.create.useMutation({ onSuccess: saved });
  const update = trpc.superadmin.payments.update.useMutation({ onSuccess: saved });
  const saving = editing ? update : create;
  const fieldError = fieldErrorReader(saving.error);

  // Only the chosen company's invoices; when adding, only those still owing something.
  const invoices = trpc.superadmin.invoices.choices.useQuery(
    { company: companyId ?? '', openOnly: !editing, include: payment.invoice?._id ?? '' },
    { enabled: Boolean(companyId), staleTime: 0 },
  );
  const choices = invoices.data ?? [];

  const changeCompany = (next: string | null) => {
    setCompanyId(next);
    setInvoiceId(null);
  };

  const chooseInvoice = (next: string | null) => {
    setInvoiceId(next);
    const chosen = choices.find((choice) => choice._id === next);
    if (!chosen || editing) return;
    const prefill = paymentPrefillFor(chosen);
    if (!amountTyped && prefill.amount !== null) setAmount(prefill.amount);
    if (!methodPicked && prefill.method) setMethod(prefill.method);
  };

  const save = () => {
    const form = {
      company: companyId ?? '',
      invoice: invoiceId ?? '',
      amount: numberFromText(amount),
      method: (method ?? '') as PaymentMethod,
      status,
      paymentDate: isoOfPicked(paymentDate),
      description,
      transactionId,
      sendEmail,
    };
    if (payment._id) update.mutate({ ...form, id: payment._id });
    else create.mutate(form);
  };

  return (
    <RecordDialog entity="Payment" addTitle={addTitle} editing={editing} saving={saving} onClose={onClose} onSubmit={save}>
      {editing && <TextInput label="Payment Id" value={payment._id ?? ''} readOnly variant="filled" />}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <CompanySelect label="Company" value={companyId ?? ''} onChange={(next) => changeCompany(next || null)} error={fieldError('company')} />
        <Select
          label="Invoice"
          data={choices.map((invoice) => ({ value: invoice._id, label: `${invoice.invoiceId} — ${formatDollars(invoice.remainingBalance)}` }))}
          value={invoiceId}
          onChange={chooseInvoice}
          allowDeselect={false}
          disabled={!companyId}
          error={fieldError('invoice')}
          nothingFoundMessage={invoices.isFetching ? 'Loading…' : 'No invoices'}
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput
          label="Amount"
          value={amount}
          onChange={(next) => (setAmount(next), setAmountTyped(true))}
          error={fieldError('amount')}
          min={0}
          decimalScale={2}
          prefix="$"
          thousandSeparator=","
        />
        <Select
          label="Method"
          data={[...PAYMENT_METHODS]}
          value={method}
          onChange={(next) => (setMethod(next), setMethodPicked(true))}
          allowDeselect={false}
          error={fieldError('method')}
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
      {/* the Status note sits above its box: the boxes of the row still line up at the bottom */}
      <SimpleGrid cols={{ base: 1, sm: 2 }} style={{ alignItems: 'end' }}>
        {/* free text, so the box says as it is typed whether the status pays the invoice off: docs/product-rules.md#payments */}
        <Autocomplete
          label="Status"
          description={countingStatusNote(status)}
          data={[...PAYMENT_STATUSES]}
          value={status}
          onChange={setStatus}
          error={fieldError('status')}
          comboboxProps={{ withinPortal: true }}
        />
        <LogDateTimePicker value={paymentDate} onChange={setPaymentDate} />
      </SimpleGrid>
      <Textarea
        label="Description"
        autosize
        minRows={2}
        maxRows={6}
        value={description}
        onChange={(event) => setDescription(event.currentTarget.value)}
        error={fieldError('description')}
      />
      <TextInput
        label="Transaction reference"
        description="The bank's, Zelle's or check's reference for this payment"
        value={transactionId}
        onChange={(event) => setTransactionId(event.currentTarget.value)}
        error={fieldError('transactionId')}
      />
      <Checkbox label="Send Email to Client" checked={sendEmail} onChange={(event) => setSendEmail(event.currentTarget.checked)} />
    </RecordDialog>
  );
}
