import { Card, Stack, Text, Title } from '@mantine/core';
import { EVENT_RETENTION_MIN_DAYS } from '../../../../shared/settings.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { PageLoading } from '../../../components/PageLoading.js';
import { FormMessage } from '../../../components/FormMessage.js';
import { usePageTitle } from '../../../lib/usePageTitle.js';
import { errorText, trpc } from '../../../trpc.js';
import { EmailDelivery } from './EmailDelivery.js';
import { LogoField } from './LogoField.js';
import { SettingsSection, type FieldSpec } from './SettingsSection.js';

const PROFILE: FieldSpec[] = [
  { name: 'name', help: 'On invoices, statements, emails and the footer.' },
  { name: 'email', type: 'email', help: 'Where customers write to you; sign-up and purchase notices come here.' },
  { name: 'phone', type: 'tel' },
  { name: 'businessAddress', kind: 'lines', wide: true },
];

const PAYMENT: FieldSpec[] = [
  { name: 'bankName', help: 'For ACH bank transfers.' },
  { name: 'routingNumber', inputMode: 'numeric', placeholder: '9 digits' },
  { name: 'accountNumber', inputMode: 'numeric' },
  { name: 'paymentEmail', help: 'The email address or US mobile number customers send Zelle / QuickPay payments to.' },
  { name: 'checkAddress', kind: 'lines', wide: true, help: 'Where customers mail checks.' },
  { name: 'otherInstructions', kind: 'lines', wide: true, help: 'Any other way to pay (a card payment link, wires from abroad); printed on every invoice.' },
];

const timeZones = (current: string) => {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes(current) ? zones : [current, ...zones];
};

const defaultsFields = (timeZone: string, defaultMailFrom: string): FieldSpec[] => [
  { name: 'lowBalanceHours', inputMode: 'decimal', help: 'Hours. A company without its own threshold is running low at this balance or below.' },
  { name: 'timeZone', kind: 'choice', choices: timeZones(timeZone), help: 'Weeks, days and invoice years are read in this zone.' },
  { name: 'schedulerWebhookUrl', type: 'url', wide: true, help: 'The Company List scheduler posts its list here.' },
  { name: 'mailFrom', wide: true, placeholder: defaultMailFrom, help: `Empty: ${defaultMailFrom}.` },
  {
    name: 'eventRetentionDays',
    inputMode: 'numeric',
    placeholder: 'Forever',
    help: `Events older than this many days leave the Audit Log (at least ${EVENT_RETENTION_MIN_DAYS}). Empty: kept forever.`,
  },
];

/** The super-admin's Settings: the business profile, payment details and defaults, in force as soon as saved. */
export function SettingsPage() {
  usePageTitle('Settings');
  const settings = trpc.superadmin.settings.get.useQuery();
  const setup = trpc.superadmin.setup.checklist.useQuery();
  if (settings.isPending) return <PageLoading />;
  if (settings.isError) return <FormMessage error={errorText(settings.error, 'The settings could not be loaded.')} />;
  const data = settings.data;
  return (
    <>
      <PageHeader title="Settings" subtitle="What your customers see of your business, and how the app works for you. Changes take effect at once." />
      <Stack gap="lg">
        <SettingsSection id="profile" title="Business profile" intro="Your business as customers see it on invoices, statements and emails." fields={PROFILE} settings={data}>
          <LogoField logo={data.logo} />
        </SettingsSection>
        <SettingsSection
          id="payment"
          title="Payment details"
          intro="How customers pay you. Checkout, every unpaid invoice, its PDF and its emails show the details of the method the customer chose."
          fields={PAYMENT}
          settings={data}
        />
        <SettingsSection
          id="defaults"
          title="Defaults"
          intro="Values the server's environment variables give until you save them here; a value saved here wins."
          fields={defaultsFields(data.timeZone, data.defaultMailFrom)}
          settings={data}
        />
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="email-delivery-title">
          <Title order={2} fz="h3" id="email-delivery-title" mb="xs">
            Email delivery
          </Title>
          {setup.data ? <EmailDelivery email={setup.data.email} /> : <Text size="sm" c="dimmed">Loading…</Text>}
        </Card>
      </Stack>
    </>
  );
}
