import { Text } from '@mantine/core';
import type { PaymentOption } from '../../../shared/invoices.js';
import { trpc } from '../../trpc.js';

type Detail = [label: string, value: string | null];

/** SPEC.md §2 Confirmation: Check -> mailing address; ACH -> bank, routing and account numbers; QuickPay -> payment email. */
function detailsFor(option: PaymentOption, provider: { name: string; address: string | null; bankName: string | null; routingNumber: string | null; accountNumber: string | null; paymentEmail: string | null }): Detail[] {
  if (option === 'ACH') return [['Bank Name', provider.bankName], ['Routing Number', provider.routingNumber], ['Account Number', provider.accountNumber], ['Account Name', provider.name]];
  if (option === 'QuickPay') return [['Send to', provider.paymentEmail], ['Recipient', provider.name]];
  return [['Payable to', provider.name], ['Mailing Address', provider.address]];
}

export function ProviderPaymentDetails({ option }: { option: PaymentOption }) {
  const details = trpc.branding.paymentDetails.useQuery(undefined, { staleTime: Infinity });
  if (!details.data) return null;
  const shown = detailsFor(option, details.data).filter((detail): detail is [string, string] => Boolean(detail[1]));
  if (shown.length === 0) return <Text size="sm">The payment details are on the invoice below.</Text>;
  return (
    <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 16px' }}>
      {shown.map(([label, value]) => (
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
