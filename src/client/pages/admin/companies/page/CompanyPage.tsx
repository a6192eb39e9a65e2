import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconClockPlus, IconEdit, IconFilePlus, IconHourglassLow, IconMailExclamation, IconReceipt, IconCalendarRepeat } from '@tabler/icons-react';
import { Link, useParams } from 'wouter';
import type { CompanyDto } from '../../../../../shared/companies.js';
import { planSummaryText } from '../../../../../shared/plans.js';
import { PageLoading } from '../../../../components/PageLoading.js';
import { lazyPart } from '../../../../lib/lazyNamed.js';
import { toastDone } from '../../../../lib/toast.js';
import { usePageTitle } from '../../../../lib/usePageTitle.js';
import { httpStatusOf, trpc } from '../../../../trpc.js';
import { ConfirmAction, useDialog } from '../../../../components/records/index.js';
import { TIME_LOG_SAVED, hoursCountText } from '../../timelogs/timeLogText.js';
import { BalanceEmailDialog } from '../BalanceEmailDialog.js';
import { calledForChoice } from '../balanceEmailText.js';
import { CompanyDialog } from '../CompanyDialog.js';
import { CompanyFigures } from './CompanyFigures.js';
import { CompanyNotFound } from './CompanyNotFound.js';
import { PlanDialog } from './PlanDialog.js';
import { RecordHistoryList } from '../../../../components/events/RecordHistory.js';
import { ActivitiesSection, InvoicesSection, PaymentsSection, TasksSection, TimeLogsSection, UsersSection } from './CompanySections.js';

// The editors and their date pickers load after the page has shown.
const TimeLogDialog = lazyPart(() => import('../../timelogs/TimeLogDialog.js'), 'TimeLogDialog', { prefetch: true });
const InvoiceDialog = lazyPart(() => import('../../invoices/InvoiceDialog.js'), 'InvoiceDialog', { prefetch: true });

type Dialog = 'edit' | 'logTime' | 'invoice' | 'balanceEmail' | 'overage' | 'plan';

/** Address, phone and website, those that are set, on one line. */
function ContactLine({ company }: { company: CompanyDto }) {
  const parts = [company.companyAddress, company.companyPhone, company.website].filter(Boolean);
  if (parts.length === 0 && !company.plan) return null;
  return (
    <>
      {parts.length > 0 && (
        <Text c="dimmed" size="sm" style={{ whiteSpace: 'pre-line' }}>
          {parts.join(' · ')}
        </Text>
      )}
      {company.plan && (
        <Text size="sm" data-testid="company-plan">
          Plan: {planSummaryText(company.plan)}
        </Text>
      )}
    </>
  );
}

/** Edit, Log Time, New Invoice and the balance email the balance calls for, each a labelled button. */
function CompanyActions({ company, open }: { company: CompanyDto; open: (dialog: Dialog) => void }) {
  const email = calledForChoice(company);
  return (
    <Group gap="xs" wrap="wrap">
      <Button variant="default" leftSection={<IconEdit size={18} />} onClick={() => open('edit')}>
        Edit Company
      </Button>
      <Button variant="default" leftSection={<IconClockPlus size={18} />} onClick={() => open('logTime')}>
        Log Time
      </Button>
      <Button variant="default" leftSection={<IconFilePlus size={18} />} onClick={() => open('invoice')}>
        New Invoice
      </Button>
      <Button
        variant="default"
        leftSection={email.kind === 'negative' ? <IconMailExclamation size={18} /> : <IconHourglassLow size={18} />}
        onClick={() => open('balanceEmail')}
        title={email.hint}
      >
        {email.label}
      </Button>
      <Button variant="default" leftSection={<IconCalendarRepeat size={18} />} onClick={() => open('plan')}>
        {company.plan ? 'Monthly Plan' : 'Add Monthly Plan'}
      </Button>
      {company.hourBalance < 0 && (
        <Button variant="default" color="red" leftSection={<IconReceipt size={18} />} onClick={() => open('overage')}>
          Bill Overage
        </Button>
      )}
    </Group>
  );
}

/**
 * A company's page (/companies/:id): its figures, its actions, and its invoices, payments, hour
 * ledger, open tasks, time logs and users, each paged, each leading to the full list filtered to it
 * (docs/product-rules.md#the-company-page).
 */
export function CompanyPage() {
  const { id = '' } = useParams<{ id: string }>();
  const utils = trpc.useUtils();
  const company = trpc.superadmin.companies.get.useQuery({ id }, { enabled: id.trim() !== '' });
  const dialogs = useDialog<Dialog>();
  const billOverage = trpc.superadmin.invoices.billOverage.useMutation({
    onSuccess: (invoice) => toastDone(`Invoice ${invoice.invoiceId} sent`, `${invoice.companyName}: overage of ${hoursCountText(invoice.hours)}`),
  });
  usePageTitle(company.data?.companyName ?? 'Company');

  if (!id.trim() || httpStatusOf(company.error) === 404) return <CompanyNotFound />;
  if (company.isError) {
    return (
      <Text c="red" role="alert" py="xl">
        Error getting data from the server.
      </Text>
    );
  }
  if (!company.data) return <PageLoading />;
  const current = company.data;
  // a change here moves the figures and the lists: load them again
  const refresh = () => void utils.superadmin.invalidate();

  return (
    <Stack gap="lg">
      <Anchor component={Link} href="/companies" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden="true" />
          Company List
        </Group>
      </Anchor>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="md">
          <div>
            <Title order={1} fz={{ base: 26, sm: 32 }}>
              {current.companyName}
            </Title>
            <ContactLine company={current} />
          </div>
          <CompanyActions company={current} open={dialogs.open} />
        </Stack>
      </Paper>
      <CompanyFigures company={current} />
      <InvoicesSection companyId={current._id} companyName={current.companyName} />
      <PaymentsSection companyId={current._id} companyName={current.companyName} />
      <ActivitiesSection companyId={current._id} />
      <TasksSection companyId={current._id} companyName={current.companyName} />
      <TimeLogsSection companyId={current._id} companyName={current.companyName} />
      <UsersSection companyId={current._id} companyName={current.companyName} />
      <RecordHistoryList title="History" filter={{ company: current._id }} />

      {dialogs.target === 'edit' && <CompanyDialog company={current} onClose={dialogs.close} onSaved={() => (refresh(), dialogs.close())} />}
      {dialogs.target === 'logTime' && (
        <TimeLogDialog
          log={{}}
          defaultCompanyId={current._id}
          onClose={dialogs.close}
          onSaved={(saved, keepOpen) => {
            refresh();
            if (keepOpen) return;
            toastDone(TIME_LOG_SAVED, `${hoursCountText(saved.invertedHours)} for ${saved.companyName}`);
            dialogs.close();
          }}
        />
      )}
      {dialogs.target === 'invoice' && (
        <InvoiceDialog
          invoice={{}}
          defaultCompanyId={current._id}
          onClose={dialogs.close}
          onSaved={(saved) => {
            toastDone(`Invoice ${saved.invoiceId} saved`, current.companyName);
            refresh();
            dialogs.close();
          }}
        />
      )}
      {dialogs.target === 'plan' && <PlanDialog companyId={current._id} companyName={current.companyName} onClose={dialogs.close} />}
      {dialogs.target === 'overage' && (
        <ConfirmAction
          title="Bill Overage"
          message={`Bill ${current.companyName} for the ${hoursCountText(-current.hourBalance)} its balance owes, less hours already bought and awaiting payment? The invoice, at the company's overage rate, is emailed to the company.`}
          confirmLabel="Bill Overage"
          mutation={billOverage}
          input={{ id: current._id }}
          onClose={dialogs.close}
        />
      )}
      {dialogs.target === 'balanceEmail' && (
        <BalanceEmailDialog company={current} kind={calledForChoice(current).kind} onClose={dialogs.close} onSent={refresh} />
      )}
    </Stack>
  );
}
