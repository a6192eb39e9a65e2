import { Table, Text } from '@mantine/core';
import { IconHourglassOff } from '@tabler/icons-react';
import { calendarDateText } from '../../../../shared/dates.js';
import { formatHours, formatHoursFixed } from '../../../../shared/format.js';
import { EXPIRING_SOON_DAYS } from '../../../../shared/overview.js';
import { CompanyLink } from '../../../components/CompanyLink.js';
import { DashboardCard } from '../../../components/DashboardCard.js';
import { trpc } from '../../../trpc.js';
import classes from './OverviewPage.module.css';

const tabularNumbers = { fontVariantNumeric: 'tabular-nums' } as const;

/**
 * 'Expiring in 30 Days': the hours of blocks that expire within the next 30 days, the soonest first,
 * each leading to its company. Shown only while some do: a provider who sells hours that never
 * expire sees the overview as before.
 */
export function ExpiringSoonCard() {
  const expiring = trpc.superadmin.overview.expiring.useQuery();
  const data = expiring.data;
  if (!data || data.blockCount === 0) return null;
  return (
    <DashboardCard
      title={`Expiring in ${EXPIRING_SOON_DAYS} Days (${formatHoursFixed(data.totalHours)} hours)`}
      icon={IconHourglassOff}
      iconColor="orange"
      action={{ label: 'View Companies', href: '/companies' }}
    >
      <Table verticalSpacing="xs" layout="fixed" data-testid="expiring-soon">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Company</Table.Th>
            <Table.Th ta="right" w={80}>
              Hours
            </Table.Th>
            <Table.Th ta="right" w={110}>
              Expire On
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.soonest.map((block) => (
            <Table.Tr key={`${block.company}-${block.expiresOn}-${block.hours}`}>
              <Table.Td>
                <Text size="sm" fw={500} className={classes.wrap}>
                  <CompanyLink companyId={block.company} fw={500}>
                    {block.companyName}
                  </CompanyLink>
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text span size="sm" style={tabularNumbers}>
                  {formatHours(block.hours)}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text span size="sm">
                  {calendarDateText(block.expiresOn, 'date')}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {data.blockCount > data.soonest.length && (
        <Text size="xs" c="dimmed">
          The soonest {data.soonest.length} of {data.blockCount} blocks.
        </Text>
      )}
    </DashboardCard>
  );
}
