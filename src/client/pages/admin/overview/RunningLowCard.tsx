import { Alert, Button, Card, Group, Loader, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglassLow } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'wouter';
import type { RunningLowCompanyDto } from '../../../../shared/companies.js';
import { runOutDateText } from '../../../../shared/forecast.js';
import { formatHours } from '../../../../shared/format.js';
import { adminErrorText } from '../../../components/admin-list/index.js';
import { trpc } from '../../../trpc.js';

/** How many companies the card lists; the button leads to the whole filtered list. */
const CARD_ROWS = 8;

const tabularNumbers = { fontVariantNumeric: 'tabular-nums' } as const;

/**
 * The provider overview's 'Running Low' card: the companies at or below their low-balance threshold,
 * lowest balance first, with when their hours run out at their recent pace.
 */
export function RunningLowCard() {
  const titleId = useId();
  const companies = trpc.superadmin.companies.runningLow.useQuery({ perPage: CARD_ROWS });
  const total = companies.data?.total ?? 0;
  return (
    <Card withBorder radius="md" padding="lg" shadow="xs" component="section" aria-labelledby={titleId}>
      <Stack gap="md" h="100%">
        <Group gap="xs" wrap="nowrap">
          <ThemeIcon variant="light" color="orange" radius="xl" size="lg" aria-hidden="true">
            <IconHourglassLow size={20} />
          </ThemeIcon>
          <Title order={2} fz="h4" id={titleId}>
            Running Low
          </Title>
        </Group>
        <RunningLowBody items={companies.data?.items} error={companies.isError ? adminErrorText(companies.error) : null} />
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {total === 1 ? '1 company' : `${total} companies`} at or below their threshold
          </Text>
          <Button component={Link} href="/companies?lowOnly=true" variant="light">
            View All
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function RunningLowBody({ items, error }: { items: RunningLowCompanyDto[] | undefined; error: string | null }) {
  if (error) return <Alert color="red" role="alert">{error}</Alert>;
  if (!items) return <Loader size="sm" aria-label="Loading" />;
  if (items.length === 0) return <Text c="dimmed">No company is running low.</Text>;
  return (
    <Table verticalSpacing="xs" layout="fixed">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Company</Table.Th>
          <Table.Th ta="right" w={80}>Balance</Table.Th>
          <Table.Th ta="right" w={110}>Runs Out</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((company) => (
          <RunningLowRow key={company._id} company={company} />
        ))}
      </Table.Tbody>
    </Table>
  );
}

function RunningLowRow({ company }: { company: RunningLowCompanyDto }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {company.companyName}
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
