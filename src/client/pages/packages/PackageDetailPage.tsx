import { Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { useEffect, type MouseEvent } from 'react';
import { hourTermsText } from '../../../shared/hour-blocks.js';
import { Link, useLocation, useParams } from 'wouter';
import { formatDollars } from '../../../shared/format.js';
import { usePageTitle } from '../../lib/usePageTitle.js';
import { trpc } from '../../trpc.js';
import { checkoutLink } from '../checkout/checkoutState.js';

/** The Buy Package button goes to exactly this path. */
export const BUY_PACKAGE_PATH = '/dashboard/checkout';

/** Package detail (/packages/{id}): name, price, description and Buy Package. */
export function PackageDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const [, navigate] = useLocation();
  const detail = trpc.packages.detail.useQuery({ id }, { enabled: id !== '', retry: false });
  usePageTitle(detail.data?.name ?? 'Package');

  useEffect(() => {
    // A failed package detail load is only logged.
    if (detail.error) console.error('Package detail failed to load', detail.error);
  }, [detail.error]);

  if (detail.isPending && id !== '') {
    return (
      <Center py="xl">
        <Loader aria-label="Loading package" />
      </Center>
    );
  }
  const pkg = detail.data;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={640}>
      <Stack gap="md">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {pkg?.name ?? 'Package'}
        </Title>
        {pkg && (
          <>
            <Text fz={32} fw={800} c="blue.8" data-testid="package-price">
              {formatDollars(pkg.price)}
            </Text>
            <Text data-testid="package-description">{pkg.description}</Text>
            {pkg.validityMonths !== null && <Text data-testid="package-validity">{hourTermsText(pkg)}</Text>}
          </>
        )}
        <Button
          component={Link}
          href={BUY_PACKAGE_PATH}
          onClick={(event: MouseEvent) => {
            if (!pkg) return;
            event.preventDefault();
            navigate(...checkoutLink(BUY_PACKAGE_PATH, pkg));
          }}
          leftSection={<IconShoppingCart size={18} />}
          w="fit-content"
        >
          Buy Package
        </Button>
      </Stack>
    </Paper>
  );
}
