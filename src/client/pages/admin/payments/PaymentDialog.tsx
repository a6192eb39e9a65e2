import { Checkbox, NumberInput, Select, SimpleGrid, TextInput, Textarea } from '@mantine/core';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { InvoiceDto } from '../../../../shared/invoices.js';
import { DEFAULT_PAYMENT_STATUS, PAYMENT_METHODS, SEND_EMAIL_DEFAULT, type PaymentDto, type PaymentMethod } from '../../../../shared/payments.js';
import { formatDollars } from '../../../../shared/format.js';
import { RecordDialog } from '../../../components/admin-list/index.js';
import { trpc } from '../../../trpc.js';
import { LogDateTimePicker, PICKER_VALUE_FORMAT } from '../timelogs/LogDateTimePicker.js';

type PaymentDialogProps = {
  /** An empty object adds a payment; a row edits it. */
  payment: Partial<PaymentDto>;
  companies: { _id: string; companyName: string }[];
  invoices: InvoiceDto[];
  defaultCompanyId: string;
  onClose: () => void;
  onSaved: (payment: PaymentDto) => void;
};

/** Add or edit a payment (SPEC.md §2 Payments List); the server's message stays in the dialog on failure. */
export function PaymentDialog({ payment, companies, invoices, defaultCompanyId, onClose, onSaved }: PaymentDialogProps) {
  const editing = Boolean(payment._id);
  const [companyId, setCompanyId] = useState<string | null>(payment.company ?? (defaultCompanyId || null));
  const [invoiceId, setInvoiceId] = useState<string | null>(payment.invoice?._id ?? null);
  const [amount, setAmount] = useState<number | string>(payment.amount ?? '');
  const [method, setMethod] = useState<string | null>(payment.method ?? null);
  const [status, setStatus] = useState(payment.status ?? DEFAULT_PAYMENT_STATUS);
  const [paymentDate, setPaymentDate] = useState<string | null>(() => dayjs(payment.paymentDate ?? new Date()).format(PICKER_VALUE_FORMAT));
  const [description, setDescription] = useState(payment.description ?? '');
  const [transactionId, setTransactionId] = useState(payment.transactionId ?? '');
  const [sendEmail, setSendEmail] = useState(payment.sendEmail ?? SEND_EMAIL_DEFAULT);

  const create = trpc.superadmin.payments.create.useMutation({ onSuccess: onSaved });
  const update = trpc.superadmin.payments.update.useMutation({ onSuccess: onSaved });
  const saving = editing ? update : create;

  // Only the chosen company's invoices; when adding, only those still owing something.
  const choices = invoices.filter((invoice) => invoice.company === companyId && (editing || invoice.remainingBalance > 0));

  const changeCompany = (next: string | null) => {
    setCompanyId(next);
    setInvoiceId(null);
  };

  const save = () => {
    const form = {
      company: companyId ?? '',
      invoice: invoiceId ?? '',
      amount: amount === '' ? Number.NaN : Number(amount),
      method: (method ?? '') as PaymentMethod,
      status,
      paymentDate: paymentDate ? dayjs(paymentDate).toISOString() : null,
      description,
      transactionId,
      sendEmail,
    };
    if (payment._id) update.mutate({ ...form, id: payment._id });
    else create.mutate(form);
  };

  return (
    <RecordDialog entity="Payment" editing={editing} saving={saving} onClose={onClose} onSubmit={save}>
      <TextInput label="Payment Id" value={payment._id ?? ''} readOnly variant="filled" />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Company"
          data={[...companies].sort((a, b) => a.companyName.localeCompare(b.companyName)).map((company) => ({ value: company._id, label: company.companyName }))}
          value={companyId}
          onChange={changeCompany}
          searchable
          nothingFoundMessage="No company by that name"
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label="Invoice"
          data={choices.map((invoice) => ({ value: invoice._id, label: `${invoice.invoiceId} — ${formatDollars(invoice.remainingBalance)}` }))}
          value={invoiceId}
          onChange={setInvoiceId}
          disabled={!companyId}
          nothingFoundMessage="No invoices"
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput label="Amount" value={amount} onChange={setAmount} min={0} decimalScale={2} prefix="$" thousandSeparator="," />
        <Select label="Method" data={[...PAYMENT_METHODS]} value={method} onChange={setMethod} comboboxProps={{ withinPortal: true }} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Status" value={status} onChange={(event) => setStatus(event.currentTarget.value)} />
        <LogDateTimePicker value={paymentDate} onChange={setPaymentDate} />
      </SimpleGrid>
      <Textarea label="Description" autosize minRows={2} maxRows={6} value={description} onChange={(event) => setDescription(event.currentTarget.value)} />
      <TextInput label="TransactionId" value={transactionId} onChange={(event) => setTransactionId(event.currentTarget.value)} />
      <Checkbox label="Send Email to Client" checked={sendEmail} onChange={(event) => setSendEmail(event.currentTarget.checked)} />
    </RecordDialog>
  );
}
