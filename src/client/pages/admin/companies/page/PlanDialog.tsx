import { NumberInput, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { calendarDateText } from '../../../../../shared/dates.js';
import { formatDollars } from '../../../../../shared/format.js';
import { hourTermsText } from '../../../../../shared/hour-blocks.js';
import { MAX_PLAN_DAY, planSummaryText, type PlanDto } from '../../../../../shared/plans.js';
import { RecordDialog, fieldErrorReader } from '../../../../components/records/index.js';
import { toastDone } from '../../../../lib/toast.js';
import { trpc } from '../../../../trpc.js';

type PlanDialogProps = { companyId: string; companyName: string; onClose: () => void };

/** Puts the company on a monthly plan or changes it: package, day, first month, pause and last month (months as YYYY-MM). */
export function PlanDialog({ companyId, companyName, onClose }: PlanDialogProps) {
  const current = trpc.superadmin.plans.get.useQuery({ id: companyId });
  if (current.isPending) return null;
  return <PlanForm companyId={companyId} companyName={companyName} plan={current.data ?? null} onClose={onClose} />;
}

function PlanForm({ companyId, companyName, plan, onClose }: PlanDialogProps & { plan: PlanDto | null }) {
  const packages = trpc.superadmin.packages.choices.useQuery({ company: companyId });
  const [packageId, setPackageId] = useState<string | null>(plan?.packageId ?? null);
  const [day, setDay] = useState<number | string>(plan?.dayOfMonth ?? 1);
  const [firstPeriod, setFirstPeriod] = useState(plan?.firstPeriod ?? '');
  const [pausedUntil, setPausedUntil] = useState(plan?.pausedUntil ?? '');
  const [lastPeriod, setLastPeriod] = useState(plan?.lastPeriod ?? '');
  const save = trpc.superadmin.plans.set.useMutation({
    onSuccess: (saved) => {
      toastDone('Monthly plan saved', `${companyName}: ${planSummaryText(saved)}`);
      onClose();
    },
  });
  const errorOn = fieldErrorReader(save.error);
  const chosen = packages.data?.find((pkg) => pkg._id === packageId);
  const blankToNull = (text: string) => (text.trim() === '' ? null : text.trim());
  const submit = () =>
    save.mutate({
      id: companyId,
      packageId: packageId === plan?.packageId ? undefined : packageId,
      dayOfMonth: typeof day === 'number' ? day : Number.NaN,
      firstPeriod: blankToNull(firstPeriod),
      pausedUntil: blankToNull(pausedUntil),
      lastPeriod: blankToNull(lastPeriod),
    });

  return (
    <RecordDialog entity="Monthly Plan" addTitle="Add Monthly Plan" editing={plan !== null} saving={save} onClose={onClose} onSubmit={submit}>
      <Text size="sm">
        {companyName} is invoiced for the package each month on the chosen day; the invoice is emailed to the company, and its hours activate on payment.
      </Text>
      {plan && (
        <Text size="sm" c="dimmed" data-testid="plan-status">
          {planSummaryText(plan)}
          {plan.nextIssueOn ? `. Next invoice on ${calendarDateText(plan.nextIssueOn, 'date')}.` : '.'}
        </Text>
      )}
      <Select
        label="Package"
        required={!plan}
        placeholder={plan ? plan.description : 'Choose a package'}
        data={(packages.data ?? []).map((pkg) => ({ value: pkg._id, label: `${pkg.description} — ${formatDollars(pkg.price)}` }))}
        value={packageId}
        onChange={setPackageId}
        error={errorOn('packageId')}
        comboboxProps={{ withinPortal: true }}
      />
      {chosen && (
        <Text size="sm" c="dimmed">
          {hourTermsText(chosen)}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput label="Day of the month" description={`1 to ${MAX_PLAN_DAY}`} min={1} max={MAX_PLAN_DAY} allowDecimal={false} value={day} onChange={setDay} error={errorOn('dayOfMonth')} />
        <TextInput label="First month" description="YYYY-MM; blank: the next one" placeholder="2026-12" value={firstPeriod} onChange={(event) => setFirstPeriod(event.currentTarget.value)} error={errorOn('firstPeriod')} />
        <TextInput label="Paused through" description="YYYY-MM; blank: not paused" placeholder="None" value={pausedUntil} onChange={(event) => setPausedUntil(event.currentTarget.value)} error={errorOn('pausedUntil')} />
        <TextInput label="Last month" description="YYYY-MM; blank: no end" placeholder="None" value={lastPeriod} onChange={(event) => setLastPeriod(event.currentTarget.value)} error={errorOn('lastPeriod')} />
      </SimpleGrid>
    </RecordDialog>
  );
}
