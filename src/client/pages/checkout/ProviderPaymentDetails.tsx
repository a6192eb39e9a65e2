import { channelOf, shownPayeeDetails, type PaymentOption } from '../../../shared/payment-options.js';
import { PaymentDetailList } from '../../components/HowToPayDetails.js';
import { trpc } from '../../trpc.js';

/**
 * The provider's details for the option's channel: bank and account numbers, payment email, or
 * mailing address; one the provider has not set says "please contact us".
 */
export function ProviderPaymentDetails({ option }: { option: PaymentOption }) {
  const details = trpc.branding.paymentDetails.useQuery(undefined, { staleTime: Infinity });
  const channel = channelOf(option);
  if (!details.data || !channel) return null;
  return <PaymentDetailList details={shownPayeeDetails(channel, details.data)} />;
}
