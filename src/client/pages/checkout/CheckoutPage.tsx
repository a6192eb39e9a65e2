import { Accordion, Button, Card, Chip, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { Redirect, useLocation } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { PAYMENT_OPTIONS, type PaymentOption } from '../../../shared/invoices.js';
import { formatDollars, formatHours } from '../../../shared/format.js';
import { PageHeader } from '../../components/PageHeader.js';
import { usePageTitle } from '../../lib/usePageTitle.js';
import { errorText, trpc } from '../../trpc.js';
import { PAYMENT_INSTRUCTIONS, PAYMENT_OPTION_LABELS, packageFromState, type ConfirmationState } from './checkoutState.js';

/** SPEC.md §2 Checkout: the carried-over package, a payment option, and the purchase. */
export function CheckoutPage() {
  usePageTitle('Checkout');
  const packageItem = packageFromState(useHistoryState());
  if (!packageItem) return <Redirect to="/" replace />;
  return <Checkout packageItem={packageItem} />;
}

function Checkout({ packageItem }: { packageItem: NonNullable<ReturnType<typeof packageFromState>> }) {
  const [, navigate] = useLocation();
  const [paymentOption, setPaymentOption] = useState<PaymentOption | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const purchase = trpc.invoices.purchase.useMutation();

  const onPurchase = async () => {
    if (!paymentOption || inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      const response = await purchase.mutateAsync({ packageId: packageItem._id, paymentOption });
      const state: ConfirmationState = { response, paymentOption, packageItem };
      navigate('/confirmation', { state });
    } catch (error) {
      console.error('Purchase failed', error);
      window.alert(`Error: ${errorText(error, 'The purchase could not be completed. Please try again.')}`);
      inFlight.current = false;
      setBusy(false);
    }
  };

  const facts: [string, string][] = [
    ['Hours', formatHours(packageItem.hours)],
    ['Rate', `${formatDollars(packageItem.rate)} per hour`],
    ['Total', formatDollars(packageItem.rate * packageItem.hours)],
  ];

  return (
    <>
      <PageHeader title="Checkout" subtitle="Review your package and choose how you will pay." />
      <Stack gap="lg" maw={760}>
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="checkout-package">
          <Stack gap="sm">
            <Title order={2} fz="h4" id="checkout-package">
              Package
            </Title>
            <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
              {packageItem.description}
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 3 }} component="dl" m={0}>
              {facts.map(([label, value]) => (
                <div key={label}>
                  <Text component="dt" size="sm" c="dimmed">
                    {label}
                  </Text>
                  <Text component="dd" m={0} fw={label === 'Total' ? 700 : 500} fz={label === 'Total' ? 'lg' : undefined}>
                    {value}
                  </Text>
                </div>
              ))}
            </SimpleGrid>
          </Stack>
        </Card>

        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="checkout-payment">
          <Stack gap="md">
            <Title order={2} fz="h4" id="checkout-payment">
              Payment Method
            </Title>
            <Chip.Group multiple={false} value={paymentOption} onChange={(value) => setPaymentOption(value as PaymentOption)}>
              <Group gap="sm" role="radiogroup" aria-labelledby="checkout-payment">
                {PAYMENT_OPTIONS.map((option) => (
                  <Chip key={option} value={option} type="radio" disabled={busy}>
                    {PAYMENT_OPTION_LABELS[option]}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            <div>
              <Text fw={500} mb="xs">
                Payment Instructions
              </Text>
              <Accordion variant="separated">
                {PAYMENT_OPTIONS.map((option) => (
                  <Accordion.Item key={option} value={option}>
                    <Accordion.Control>{PAYMENT_OPTION_LABELS[option]}</Accordion.Control>
                    <Accordion.Panel>
                      <Text size="sm">{PAYMENT_INSTRUCTIONS[option]}</Text>
                    </Accordion.Panel>
                  </Accordion.Item>
                ))}
              </Accordion>
            </div>
          </Stack>
        </Card>

        <Group justify="flex-end">
          <Button
            size="md"
            leftSection={<IconShoppingCart size={18} aria-hidden="true" />}
            disabled={!paymentOption || busy}
            onClick={() => void onPurchase()}
          >
            Purchase Package
          </Button>
        </Group>
      </Stack>
    </>
  );
}
