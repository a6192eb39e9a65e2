import { Text } from '@mantine/core';
import { channelOf, payeeDetails, type PaymentOption } from '../../../shared/payment-options.js';
import { trpc } from '../../trpc.js';

/** The provider's details for the option's channel: bank and account numbers, payment email, or mailing address. */
export function ProviderPaymentDetails({ option }: { option: PaymentOption }) {
  const details = trpc.branding.paymentDetails.useQuery(undefined, { staleTime: Infinity });
  const channel = channelOf(option);
  if (!details.data || !channel) return null;
  const shown = payeeDetails(channel, details.data).filter((detail): detail is { label: string; value: string } => detail.value !== null);
  if (shown.length === 0) return <Text size="sm">The payment details are on the invoice below.</Text>;
  return (
    <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 16px' }}>
      {shown.map(({ label, value }) => (
        <div key={label} style={{ display: 'contents' }}>
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0} fw={600} style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </div>
      ))}
    </dl>
  );
}
