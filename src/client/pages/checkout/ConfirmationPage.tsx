import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { Link, Redirect } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { formatDollars } from '../../../shared/format.js';
import { ACTIVATION_NOTE } from '../../../shared/invoices.js';
import { PAYMENT_OPTION_INFO, paymentOptionLabel } from '../../../shared/payment-options.js';
import { PageHeader } from '../../components/PageHeader.js';
import { usePageTitle } from '../../lib/usePageTitle.js';
import { ProviderPaymentDetails } from './ProviderPaymentDetails.js';
import { confirmationFromState, hoursValidFact, type ConfirmationState } from './checkoutState.js';

/** Confirmation: the created invoice's own number, description and price, how to pay, and its PDF. */
export function ConfirmationPage() {
  usePageTitle('Thank you for your purchase!');
  const state = confirmationFromState(useHistoryState());
  if (!state) return <Redirect to="/" replace />;
  return <Confirmation {...state} />;
}

function Confirmation({ response, paymentOption, packageItem }: ConfirmationState) {
  const invoice = response.newInvoice;
  const facts: [string, string][] = [
    ['Invoice Number', invoice.invoiceId],
    ['Package', invoice.description || packageItem.description],
    ...hoursValidFact(packageItem),
    ['Amount To Be Paid', formatDollars(invoice.price)],
    ['Payment Option', paymentOptionLabel(paymentOption)],
  ];

  return (
    <>
      <PageHeader title="Thank you for your purchase!" subtitle="Your invoice has been created and emailed to you." />
      <Stack gap="lg">
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="confirmation-invoice">
          <Stack gap="md">
            <Group gap="xs">
              <IconCircleCheck size={22} color="var(--mantine-color-green-7)" aria-hidden="true" />
              <Title order={2} fz="h4" id="confirmation-invoice">
                Invoice Information
              </Title>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }} component="dl" m={0}>
              {facts.map(([label, value]) => (
                <div key={label}>
                  <Text component="dt" size="sm" c="dimmed">
                    {label}
                  </Text>
                  <Text component="dd" m={0} fw={label === 'Amount To Be Paid' ? 700 : 500} style={{ overflowWrap: 'anywhere' }}>
                    {value}
                  </Text>
                </div>
              ))}
            </SimpleGrid>
            <Alert variant="light" color="blue" icon={<IconInfoCircle aria-hidden="true" />}>
              {ACTIVATION_NOTE}
            </Alert>
          </Stack>
        </Card>

        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="confirmation-instructions">
          <Stack gap="sm">
            <Title order={2} fz="h4" id="confirmation-instructions">
              Payment Instructions: {paymentOptionLabel(paymentOption)}
            </Title>
            <Text>{PAYMENT_OPTION_INFO[paymentOption]?.instructions}</Text>
            <ProviderPaymentDetails option={paymentOption} />
          </Stack>
        </Card>

        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="confirmation-pdf">
          <Stack gap="sm">
            <Group justify="space-between">
              <Title order={2} fz="h4" id="confirmation-pdf">
                Invoice {invoice.invoiceId}
              </Title>
              <Button component="a" href={invoice.pdfUrl} target="_blank" rel="noopener noreferrer" variant="light" size="xs">
                Open PDF
              </Button>
            </Group>
            <iframe
              src={invoice.pdfUrl}
              title={`Invoice ${invoice.invoiceId} PDF`}
              style={{ width: '100%', height: 600, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }}
            />
          </Stack>
        </Card>

        <Group>
          <Button component={Link} href="/dashboard" variant="light">
            Back to Dashboard
          </Button>
        </Group>
      </Stack>
    </>
  );
}
