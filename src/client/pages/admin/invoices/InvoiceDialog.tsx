import '@mantine/dates/styles.css';
import { Checkbox, NumberInput, Select, SimpleGrid, Text, Textarea } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useId, useState } from 'react';
import { SEND_INVOICE_EMAIL_DEFAULT, type InvoiceDto } from '../../../../shared/invoices.js';
import { PAYMENT_METHODS } from '../../../../shared/payment-options.js';
import { formatDollars } from '../../../../shared/format.js';
import { invoicePrice } from '../../../../shared/pricing.js';
import { FormDialog, failureText, CompanySelect, fieldErrorReader } from '../../../components/records/index.js';
import { PICKER_TEXT, PICKER_VALUE, calendarPickerProps, pickerValueOf } from '../../../components/calendarPicker.js';
import { toastDone } from '../../../lib/toast.js';
import { HourTermsFields, useHourTerms } from '../../../components/records/HourTermsFields.js';
import { hourTermsText } from '../../../../shared/hour-blocks.js';
import { trpc } from '../../../trpc.js';

/** The package select's choice that reveals the manual fields. */
export const MANUAL = 'manual';
const NONE = 'None';

type InvoiceDialogProps = {
  /** An empty object adds an invoice; a row edits it. */
  invoice: Partial<InvoiceDto>;
  defaultCompanyId: string;
  onClose: () => void;
  onSaved: (invoice: InvoiceDto) => void;
};


const toNumber = (value: number | string): number | null => (value === '' || !Number.isFinite(Number(value)) ? null : Number(value));

/** In manual mode price = hours × rate to 2 decimals when hours > 0 and rate ≥ 0. */
function computedPrice(hours: number | string, rate: number | string): number | null {
  const h = toNumber(hours);
  const r = toNumber(rate);
  if (h === null || h <= 0 || r === null || r < 0) return null;
  try {
    return invoicePrice(h, r);
  } catch {
    return null;
  }
}

/** Add or edit an invoice; the server's message stays in the dialog on failure. */
export function InvoiceDialog({ invoice, defaultCompanyId, onClose, onSaved }: InvoiceDialogProps) {
  const editing = Boolean(invoice._id);
  const dateId = useId();
  const [companyId, setCompanyId] = useState<string | null>(invoice.company ?? (defaultCompanyId || null));
  const [date, setDate] = useState<string | null>(() => pickerValueOf(invoice.transactionDate, 'date'));
  const [method, setMethod] = useState<string>(invoice.selectedPaymentMethod || NONE);
  const [choice, setChoice] = useState<string | null>(editing ? MANUAL : null);
  const [description, setDescription] = useState(invoice.description ?? '');
  const [hours, setHours] = useState<number | string>(invoice.hours ?? '');
  const [rate, setRate] = useState<number | string>(invoice.rate ?? '');
  const [price, setPrice] = useState<number | string>(invoice.price ?? '');
  // a new invoice goes to the client by default; an edit is usually a correction, sent only when asked
  const [sendEmail, setSendEmail] = useState(editing ? false : SEND_INVOICE_EMAIL_DEFAULT);
  const hourTerms = useHourTerms(invoice);

  const packages = trpc.superadmin.packages.choices.useQuery({ company: companyId ?? '' }, { enabled: Boolean(companyId) && !editing });
  const saved = (result: InvoiceDto) => {
    toastDone(`Invoice ${result.invoiceId} ${editing ? 'updated' : 'saved'}`, `${result.companyName}: ${formatDollars(result.price)}`);
    onSaved(result);
  };
  const create = trpc.superadmin.invoices.create.useMutation({ onSuccess: saved });
  const update = trpc.superadmin.invoices.update.useMutation({ onSuccess: saved });
  const saving = editing ? update : create;
  const fieldError = fieldErrorReader(saving.error);

  const manual = choice === MANUAL;
  const hoursAbove0 = (toNumber(hours) ?? 0) > 0;
  const shownPrice = hoursAbove0 ? (computedPrice(hours, rate) ?? '') : price;
  const choosable = packages.data ?? [];
  const chosenPackage = choosable.find((pkg) => pkg._id === choice);
  const canSave = Boolean(companyId) && description.trim() !== '' && shownPrice !== '';

  const changeCompany = (next: string | null) => {
    setCompanyId(next);
    // another company's custom package does not apply
    if (choice && choice !== MANUAL) choose(null);
  };

  const choose = (next: string | null) => {
    setChoice(next);
    const pkg = choosable.find((candidate) => candidate._id === next);
    setDescription(pkg?.description ?? '');
    setHours(pkg?.hours ?? '');
    setRate(pkg?.rate ?? '');
    setPrice(pkg ? invoicePrice(pkg.hours, pkg.rate) : '');
  };

  const save = () => {
    const base = dayjs(invoice.transactionDate ?? new Date());
    const picked = date ? dayjs(date, PICKER_VALUE.date) : null;
    const transactionDate = picked
      ? picked.hour(base.hour()).minute(base.minute()).second(base.second()).millisecond(base.millisecond()).toISOString()
      : null;
    const form = {
      company: companyId ?? '',
      transactionDate,
      selectedPaymentMethod: method === NONE ? '' : method,
      description,
      hours: toNumber(hours),
      rate: toNumber(rate),
      price: shownPrice === '' ? null : Number(shownPrice),
      sendInvoiceEmail: sendEmail,
      // a package's invoice takes the package's terms, a manual one those of the form
      ...(manual ? hourTerms.terms : {}),
    } as const;
    if (invoice._id) update.mutate({ ...form, id: invoice._id, selectedPaymentMethod: form.selectedPaymentMethod as InvoiceDto['selectedPaymentMethod'] });
    else
      create.mutate({
        ...form,
        selectedPaymentMethod: form.selectedPaymentMethod as InvoiceDto['selectedPaymentMethod'],
        packageId: choice && choice !== MANUAL ? choice : null,
      });
  };

  return (
    <FormDialog
      opened
      title={editing ? 'Edit Invoice' : 'Add New Invoice'}
      submitLabel={editing ? 'Update' : 'Save'}
      submitting={saving.isPending}
      submitDisabled={!canSave}
      error={saving.isError ? failureText(saving.error) : null}
      onClose={onClose}
      onSubmit={save}
    >
      <CompanySelect label="Company" required value={companyId ?? ''} onChange={(next) => changeCompany(next || null)} disabled={editing} error={fieldError('company')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DatePickerInput
          {...calendarPickerProps(dateId)}
          label="Invoice Date"
          value={date}
          onChange={setDate}
          valueFormat={PICKER_TEXT.date}
          error={fieldError('transactionDate')}
          leftSection={<IconCalendar size={18} aria-hidden="true" />}
        />
        <Select
          label="Intended Payment Method"
          data={[NONE, ...PAYMENT_METHODS]}
          value={method}
          onChange={(next) => setMethod(next ?? NONE)}
          error={fieldError('selectedPaymentMethod')}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
      <Select
        label="Select Package or Add Manually"
        data={[
          ...choosable.map((pkg) => ({ value: pkg._id, label: `${pkg.description} — ${formatDollars(invoicePrice(pkg.hours, pkg.rate))}` })),
          { value: MANUAL, label: '+ Add Manually' },
        ]}
        value={editing ? null : choice}
        onChange={choose}
        allowDeselect={false}
        disabled={!companyId || editing}
        error={fieldError('packageId')}
        comboboxProps={{ withinPortal: true }}
      />
      {manual && (
        <>
          <Textarea label="Description" required autosize minRows={2} maxRows={6} value={description} onChange={(event) => setDescription(event.currentTarget.value)} error={fieldError('description')} />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NumberInput label="Hours" value={hours} onChange={setHours} error={fieldError('hours')} min={0} step={0.25} decimalScale={2} />
            <NumberInput label="Rate" value={rate} onChange={setRate} error={fieldError('rate')} min={0} decimalScale={2} prefix="$" thousandSeparator="," />
            <NumberInput
              label="Price"
              required
              value={shownPrice}
              onChange={setPrice}
              error={fieldError('price')}
              disabled={hoursAbove0}
              min={0}
              decimalScale={2}
              prefix="$"
              thousandSeparator=","
            />
          </SimpleGrid>
          <HourTermsFields {...hourTerms} errorOn={fieldError} />
        </>
      )}
      {chosenPackage && (
        <Text size="sm" c="dimmed">
          {hourTermsText(chosenPackage)}
        </Text>
      )}
      <Checkbox label="Send Email to Client" checked={sendEmail} onChange={(event) => setSendEmail(event.currentTarget.checked)} />
    </FormDialog>
  );
}
