import { Group, Text } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { formatDollars } from '../../../../shared/format.js';
import { DashboardCard } from '../../../components/DashboardCard.js';
import { trpc } from '../../../trpc.js';
import { CardState } from './CardState.js';

export const OPEN_INVOICES_LIST = '/allinvoices?openOnly=true';

/** 'Receivables': what the unpaid and partly paid invoices still owe, counting completed payments only. */
export function ReceivableCard() {
  const receivable = trpc.superadmin.overview.receivable.useQuery();
  const figures = receivable.data;
  return (
    <DashboardCard
      title="Receivables"
      icon={IconReceipt}
      iconColor="orange"
      action={{ label: 'View Unpaid Invoices', href: OPEN_INVOICES_LIST }}
    >
      <CardState query={receivable} what="receivables" />
      {figures && (
        <>
          <div>
            <Text size="sm" c="dimmed">
              Total receivable
            </Text>
            <Text fz={28} fw={700} data-testid="total-receivable">
              {formatDollars(figures.totalReceivable)}
            </Text>
          </div>
          <Group gap="xl">
            <div>
              <Text size="sm" c="dimmed">
                Unpaid invoices
              </Text>
              <Text fw={600} fz="lg">
                {figures.unpaidCount}
              </Text>
            </div>
            <div>
              <Text size="sm" c="dimmed">
                Partly paid invoices
              </Text>
              <Text fw={600} fz="lg">
                {figures.partlyPaidCount}
              </Text>
            </div>
          </Group>
        </>
      )}
    </DashboardCard>
  );
}
