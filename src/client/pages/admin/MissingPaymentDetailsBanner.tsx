import { Alert, Button, List, Text } from '@mantine/core';
import { Link } from 'wouter';
import { trpc } from '../../trpc.js';

/**
 * For the provider: which payment details are unset, so invoice emails and PDFs say "please
 * contact us" in their place, with a link to the Settings page that fills them in. Nothing when all are set.
 */
export function MissingPaymentDetailsBanner() {
  const missing = trpc.superadmin.settings.missing.useQuery(undefined, { staleTime: 5 * 60_000 });
  if (!missing.data?.length) return null;
  return (
    <Alert color="yellow" variant="light" title="Payment details are missing" mb="lg" data-testid="missing-payment-details">
      <Text size="sm" mb="xs">
        Invoice emails and PDFs say “please contact us” where these belong:
      </Text>
      <List size="sm" spacing={2} mb="xs">
        {missing.data.map(({ setting, label }) => (
          <List.Item key={setting}>{label}</List.Item>
        ))}
      </List>
      <Button component={Link} href="/settings#payment-title" size="xs" variant="default">
        Fill them in on the Settings page
      </Button>
    </Alert>
  );
}
