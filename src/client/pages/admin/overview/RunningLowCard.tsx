import { Table, Text } from '@mantine/core';
import { IconHourglassLow } from '@tabler/icons-react';
import type { RunningLowCompanyDto } from '../../../../shared/companies.js';
import { runOutDateText } from '../../../../shared/forecast.js';
import { formatHours } from '../../../../shared/format.js';
import { totalText } from '../../../../shared/list.js';
import { CompanyLink } from '../../../components/CompanyLink.js';
import { DashboardCard } from '../../../components/DashboardCard.js';
import { trpc } from '../../../trpc.js';
import { CardState } from './CardState.js';
import classes from './OverviewPage.module.css';

export const RUNNING_LOW_LIST = '/companies?lowOnly=true';

/** How many companies the card lists; the button leads to the whole filtered list. */
const CARD_ROWS = 8;

const tabularNumbers = { fontVariantNumeric: 'tabular-nums' } as const;

/**
 * 'Running Low (n)': the companies at or below their low-balance threshold, lowest balance first,
 * with when their hours run out at their recent pace.
 */
export function RunningLowCard() {
  const companies = trpc.superadmin.companies.runningLow.useQuery({ perPage: CARD_ROWS });
  const items = companies.data?.items;
  return (
    <DashboardCard
      title={`Running Low (${companies.data ? totalText(companies.data) : '…'})`}
      icon={IconHourglassLow}
      iconColor="orange"
      action={{ label: 'View Running Low', href: RUNNING_LOW_LIST }}
    >
      <CardState query={companies} what="companies running low" />
      {items?.length === 0 && <Text c="dimmed">No company is running low.</Text>}
      {items && items.length > 0 && (
        <Table verticalSpacing="xs" layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Company</Table.Th>
              <Table.Th ta="right" w={80}>
                Balance
              </Table.Th>
              <Table.Th ta="right" w={110}>
                Runs Out
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((company) => (
              <RunningLowRow key={company._id} company={company} />
            ))}
          </Table.Tbody>
        </Table>
      )}
    </DashboardCard>
  );
}

function RunningLowRow({ company }: { company: RunningLowCompanyDto }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={500} className={classes.wrap}>
          <CompanyLink companyId={company._id} fw={500}>
            {company.companyName}
          </CompanyLink>
        </Text>
        <Text size="xs" c="dimmed">
          Threshold {formatHours(company.thresholdHours)} hours
        </Text>
      </Table.Td>
      <Table.Td ta="right">
        <Text span size="sm" fw={500} c={company.hourBalance < 0 ? 'red' : undefined} style={tabularNumbers}>
          {formatHours(company.hourBalance)}
        </Text>
      </Table.Td>
      <Table.Td ta="right">
        <Text span size="sm" c={company.forecast ? undefined : 'dimmed'}>
          {company.forecast ? runOutDateText(company.forecast) : company.hourBalance <= 0 ? 'Out of hours' : '—'}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
