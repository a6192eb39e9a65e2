import { Alert, Button, Center, EmptyState, Loader, Paper, SimpleGrid } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { byCatalogueOrder, type PackageDto } from '../../../shared/packages.js';
import { PageHeader } from '../../components/PageHeader.js';
import { usePageTitle } from '../../lib/usePageTitle.js';
import { trpc } from '../../trpc.js';
import { checkoutLink } from '../checkout/checkoutState.js';
import { PackageCard } from './PackageCard.js';

export const PACKAGES_LOAD_FAILED = 'Failed to load packages. Please try again later.';

/** Package Options (/packages): the packages on offer to the company, custom ones first. */
export function PackagesPage() {
  usePageTitle('Package Options');
  const packages = trpc.packages.list.useQuery();
  const [, navigate] = useLocation();

  useEffect(() => {
    if (packages.error) console.error('Packages failed to load', packages.error);
  }, [packages.error]);

  const select = (pkg: PackageDto) => navigate(...checkoutLink('/checkout', pkg));

  return (
    <>
      <PageHeader title="Package Options" subtitle="Choose the block of consulting hours that suits you." />
      {packages.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading packages" />
        </Center>
      ) : packages.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {PACKAGES_LOAD_FAILED}
        </Alert>
      ) : packages.data.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <EmptyState
            title="No packages are on offer right now."
            description="Your provider has not published a package for you yet. Ask them for one, or check back later."
          >
            <EmptyState.Actions>
              <Button component={Link} href="/dashboard" variant="light">
                Back to the dashboard
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        </Paper>
      ) : (
        <SimpleGrid component="ul" cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Package options">
          {[...packages.data].sort(byCatalogueOrder).map((pkg) => (
            <PackageCard key={pkg._id} pkg={pkg} onSelect={select} />
          ))}
        </SimpleGrid>
      )}
    </>
  );
}
