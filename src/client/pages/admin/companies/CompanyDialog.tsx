import { NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { CompanyDto } from '../../../../shared/companies.js';
import { formatHours } from '../../../../shared/format.js';
import { RecordDialog, fieldErrorReader } from '../../../components/records/index.js';
import { toastDone } from '../../../lib/toast.js';
import { useFieldValues } from '../../../lib/useFieldValues.js';
import { trpc } from '../../../trpc.js';

type CompanyDialogProps = {
  /** A company without _id opens the dialog in add mode. */
  company: Partial<CompanyDto>;
  onClose: () => void;
  onSaved: (company: CompanyDto) => void;
};

/** Add Company / Edit Company; a failed save shows the server's message and keeps the dialog open. */
export function CompanyDialog({ company, onClose, onSaved }: CompanyDialogProps) {
  const editing = Boolean(company._id);
  const { values, bind } = useFieldValues({
    companyName: company.companyName ?? '',
    companyAddress: company.companyAddress ?? '',
    companyPhone: company.companyPhone ?? '',
    website: company.website ?? '',
  });
  // empty follows the provider's default, shown as the placeholder
  const [threshold, setThreshold] = useState<number | string>(company.lowBalanceHours ?? '');
  const settings = trpc.superadmin.companies.alertSettings.useQuery();
  const defaultHours = settings.data?.defaultThresholdHours;
  const lowBalanceHours = typeof threshold === 'number' ? threshold : null;
  const [rate, setRate] = useState<number | string>(company.overageRate ?? '');
  const overageRate = typeof rate === 'number' ? rate : null;
  const saved = (result: CompanyDto) => {
    toastDone(`Company ${result.companyName} saved`);
    onSaved(result);
  };
  const options = { onSuccess: saved };
  const create = trpc.superadmin.companies.create.useMutation(options);
  const update = trpc.superadmin.companies.update.useMutation(options);
  const saving = editing ? update : create;
  const errorOn = fieldErrorReader(saving.error);

  const save = () => {
    if (company._id) update.mutate({ id: company._id, ...values, lowBalanceHours, overageRate });
    else create.mutate({ _id: '', ...values, lowBalanceHours, overageRate });
  };

  return (
    <RecordDialog
      entity="Company"
      editing={editing}
      saving={saving}
      onClose={onClose}
      onSubmit={save}
    >
      {editing && <TextInput label="Company Id" value={company._id} readOnly variant="filled" />}
      <TextInput label="Company Name" required data-autofocus {...bind('companyName')} error={errorOn('companyName')} />
      <TextInput label="Company Address" {...bind('companyAddress')} error={errorOn('companyAddress')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Company Phone" type="tel" {...bind('companyPhone')} error={errorOn('companyPhone')} />
        <TextInput label="Website" type="url" placeholder="https://" {...bind('website')} error={errorOn('website')} />
      </SimpleGrid>
      <NumberInput
        label="Low-Balance Threshold (hours)"
        description="Admins and you are emailed when the balance falls to this or below. Leave empty for the default."
        placeholder={defaultHours === undefined ? 'Default' : `Default: ${formatHours(defaultHours)}`}
        min={0}
        decimalScale={2}
        allowNegative={false}
        value={threshold}
        onChange={setThreshold}
        error={errorOn('lowBalanceHours')}
      />
      <NumberInput
        label="Overage Rate (dollars an hour)"
        description="What hours worked beyond the balance are billed at. Leave empty to use the rate of the latest package bought."
        placeholder="Latest package rate"
        min={0}
        decimalScale={2}
        allowNegative={false}
        prefix="$"
        thousandSeparator=","
        value={rate}
        onChange={setRate}
        error={errorOn('overageRate')}
      />
    </RecordDialog>
  );
}
