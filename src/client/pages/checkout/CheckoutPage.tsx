import { Accordion, Button, Card, Center, Chip, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { formatDollars, formatHours } from '../../../shared/format.js';
import { PAYMENT_OPTIONS, PAYMENT_OPTION_INFO, type PaymentOption } from '../../../shared/payment-options.js';
import { PageHeader } from '../../components/PageHeader.js';
import { usePageTitle } from '../../lib/usePageTitle.js';
import { errorText, trpc } from '../../trpc.js';
import { checkoutPackageId, hoursValidFact, purchaseBlocker, type ConfirmationState, type PackageItem } from './checkoutState.js';
import { ProviderPaymentDetails } from './ProviderPaymentDetails.js';
import { UnpaidInvoicesNotice } from './UnpaidInvoicesNotice.js';

/**
 * Checkout: the chosen package, a payment option, and the purchase. The package is named in the
 * address (or carried in history state) and loaded from the server, so a reload keeps the page and
 * the total is the server's price, the same the invoice will carry. No package: back to /.
 */
export function CheckoutPage() {
  usePageTitle('Checkout');
  const packageId = checkoutPackageId(useSearch(), useHistoryState());
  if (!packageId) return <Redirect to="/" replace />;
  return <CheckoutOf packageId={packageId} />;
}

function CheckoutOf({ packageId }: { packageId: string }) {
  const detail = trpc.packages.detail.useQuery({ id: packageId }, { retry: false, staleTime: 0 });
  useEffect(() => {
    if (detail.error) console.error('Checkout package failed to load', detail.error);
  }, [detail.error]);
  if (detail.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading package" />
      </Center>
    );
  }
  if (!detail.data) return <Redirect to="/" replace />;
  const { _id, description, hours, rate, price, validityMonths, rollover } = detail.data;
  return <Checkout packageItem={{ _id, description, hours, rate, price, validityMonths, rollover }} />;
}

function Checkout({ packageItem }: { packageItem: PackageItem }) {
  const [, navigate] = useLocation();
  // One choice: the chosen method's chip is checked and its instructions are the ones open
  // (docs/product-rules.md#purchases-and-payment-options); collapsing them keeps the choice.
  const [paymentOption, setPaymentOption] = useState<PaymentOption | null>(null);
  const [instructionsClosed, setInstructionsClosed] = useState(false);
  const choose = (option: PaymentOption) => {
    setPaymentOption(option);
    setInstructionsClosed(false);
  };
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const purchase = trpc.invoices.purchase.useMutation();
  const unpaid = trpc.invoices.unpaid.useQuery(undefined, { staleTime: 0 });
  const waitingFor = purchaseBlocker({ busy, unpaidCount: unpaid.data?.count ?? 0, paymentOption });

  const onPurchase = async () => {
    if (!paymentOption || waitingFor || inFlight.current) return;
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
    ...hoursValidFact(packageItem),
    ['Total', formatDollars(packageItem.price)],
  ];

  return (
    <>
      <PageHeader title="Checkout" subtitle="Review your package and choose how you will pay." />
      <Stack gap="lg" maw={760}>
        {unpaid.data && <UnpaidInvoicesNotice unpaid={unpaid.data} />}
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
            <Chip.Group multiple={false} value={paymentOption} onChange={(value) => choose(value as PaymentOption)}>
              <Group gap="sm" role="radiogroup" aria-labelledby="checkout-payment">
                {PAYMENT_OPTIONS.map((option) => (
                  <Chip key={option} value={option} type="radio" disabled={busy}>
                    {PAYMENT_OPTION_INFO[option].label}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            <div>
              <Text fw={500} mb="xs">
                Payment Instructions
              </Text>
              <Accordion
                variant="separated"
                value={instructionsClosed ? null : paymentOption}
                onChange={(value) => (value ? choose(value as PaymentOption) : setInstructionsClosed(true))}
              >
                {PAYMENT_OPTIONS.map((option) => (
                  <Accordion.Item key={option} value={option}>
                    <Accordion.Control disabled={busy}>{PAYMENT_OPTION_INFO[option].label}</Accordion.Control>
                    <Accordion.Panel>
                      <Stack gap="sm">
                        <Text size="sm">{PAYMENT_OPTION_INFO[option].instructions}</Text>
                        <ProviderPaymentDetails option={option} />
                      </Stack>
                    </Accordion.Panel>
                  </Accordion.Item>
                ))}
              </Accordion>
            </div>
          </Stack>
        </Card>

        <Group justify="flex-end" align="center" gap="sm">
          {waitingFor && (
            <Text id="purchase-waiting-for" size="sm" ta="right" style={{ flex: '1 1 16rem' }}>
              {waitingFor}
            </Text>
          )}
          <Button
            size="md"
            leftSection={<IconShoppingCart size={18} aria-hidden="true" />}
            disabled={waitingFor !== null || busy}
            aria-describedby={waitingFor ? 'purchase-waiting-for' : undefined}
            onClick={() => void onPurchase()}
          >
            Purchase Package
          </Button>
        </Group>
      </Stack>
    </>
  );
}
