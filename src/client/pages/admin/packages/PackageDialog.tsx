import { SimpleGrid, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { PACKAGE_DEFAULT_HOURS, PACKAGE_DEFAULT_RATE, packagePrice, type PackageDto } from '../../../../shared/packages.js';
import { formatDollars } from '../../../../shared/format.js';
import { numberFromText } from '../../../../shared/validation.js';
import { CompanySelect, RecordDialog, fieldErrorReader } from '../../../components/records/index.js';
import { toastDone } from '../../../lib/toast.js';
import { useFieldValues } from '../../../lib/useFieldValues.js';
import { trpc } from '../../../trpc.js';
import { PackageDateInput } from './PackageDateInput.js';
import { HourTermsFields, useHourTerms } from '../../../components/records/HourTermsFields.js';
import { packageDay } from '../../../lib/packageText.js';

type PackageDialogProps = {
  pkg: Partial<PackageDto>;
  defaultCompanyId: string;
  onClose: () => void;
  onSaved: (pkg: PackageDto) => void;
};

/** Add or edit a package; a blank company makes a general package. */
export function PackageDialog({ pkg, defaultCompanyId, onClose, onSaved }: PackageDialogProps) {
  const editing = Boolean(pkg._id);
  const { values, bind } = useFieldValues({
    description: pkg.description ?? '',
    hours: String(pkg.hours ?? PACKAGE_DEFAULT_HOURS),
    rate: String(pkg.rate ?? PACKAGE_DEFAULT_RATE),
  });
  const [startDate, setStartDate] = useState<string | null>(packageDay(pkg.startDate));
  const [endDate, setEndDate] = useState<string | null>(packageDay(pkg.endDate));
  const [companyId, setCompanyId] = useState<string | null>(editing ? (pkg.company ?? null) : defaultCompanyId || null);
  const hourTerms = useHourTerms(pkg);
  const saved = (result: PackageDto) => {
    toastDone('Package saved', result.description);
    onSaved(result);
  };
  const options = { onSuccess: saved };
  const create = trpc.superadmin.packages.create.useMutation(options);
  const update = trpc.superadmin.packages.update.useMutation(options);
  const saving = editing ? update : create;
  const errorOn = fieldErrorReader(saving.error);

  // a blank field takes the default, as the server would; other text that is no number is sent as NaN and refused
  const hours = values.hours.trim() === '' ? PACKAGE_DEFAULT_HOURS : numberFromText(values.hours);
  const rate = values.rate.trim() === '' ? PACKAGE_DEFAULT_RATE : numberFromText(values.rate);
  const price = Number.isFinite(hours) && Number.isFinite(rate) && hours >= 0 && rate >= 0 ? safePrice(hours, rate) : null;

  const save = () => {
    const fields = {
      description: values.description,
      hours,
      rate,
      startDate: startDate ?? undefined,
      endDate: endDate ?? null,
      company: companyId,
      ...hourTerms.terms,
    };
    if (pkg._id) update.mutate({ id: pkg._id, ...fields });
    else create.mutate(fields);
  };

  return (
    <RecordDialog entity="Package" editing={editing} saving={saving} onClose={onClose} onSubmit={save}>
      {editing && <TextInput label="ID" value={pkg._id} readOnly variant="filled" />}
      <Textarea label="Description" autosize minRows={2} {...bind('description')} error={errorOn('description')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Hours" inputMode="decimal" {...bind('hours')} error={errorOn('hours')} />
        <TextInput label="Rate" description="Dollars per hour" inputMode="decimal" {...bind('rate')} error={errorOn('rate')} />
      </SimpleGrid>
      <TextInput label="Price" description="Hours times rate" value={price === null ? '' : formatDollars(price)} readOnly variant="filled" />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <PackageDateInput label="Start Date" value={startDate} onChange={setStartDate} error={errorOn('startDate')} />
        <PackageDateInput label="End Date" value={endDate} onChange={setEndDate} error={errorOn('endDate')} />
      </SimpleGrid>
      <CompanySelect
        label="Company"
        description="Leave blank for a general package offered to every company"
        value={companyId ?? ''}
        onChange={(next) => setCompanyId(next || null)}
        clearable
        error={errorOn('company')}
      />
      <HourTermsFields {...hourTerms} errorOn={errorOn} />
    </RecordDialog>
  );
}

function safePrice(hours: number, rate: number): number | null {
  try {
    return packagePrice(hours, rate);
  } catch {
    return null;
  }
}
