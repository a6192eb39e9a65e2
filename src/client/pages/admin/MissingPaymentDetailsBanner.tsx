import { Alert, Code, List, Text } from '@mantine/core';
import { trpc } from '../../trpc.js';

/**
 * For the provider: which payment details are unset, so invoice emails and PDFs say "please
 * contact us" in their place, and the setting that fills each in. Nothing when all are set.
 */
export function MissingPaymentDetailsBanner() {
  const missing = trpc.superadmin.settings.missing.useQuery(undefined, { staleTime: 5 * 60_000 });
  if (!missing.data?.length) return null;
  return (
    <Alert color="yellow" variant="light" title="Payment details are missing" mb="lg" data-testid="missing-payment-details">
      <Text size="sm" mb="xs">
        Invoice emails and PDFs say “please contact us” where these belong. Set them in the server&apos;s environment (see
        .env.example) and restart it:
      </Text>
      <List size="sm" spacing={2}>
        {missing.data.map(({ setting, label }) => (
          <List.Item key={setting}>
            {label}: <Code>{setting}</Code>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
