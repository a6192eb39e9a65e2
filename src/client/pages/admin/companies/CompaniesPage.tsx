import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconCalendarTime, IconEdit, IconHourglassLow, IconMailExclamation, IconMailForward, IconTrash } from '@tabler/icons-react';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import type { BalanceEmailKind, CompanyDto, CompanySortKey } from '../../../../shared/companies.js';
import { runOutDateText } from '../../../../shared/forecast.js';
import { planSummaryText } from '../../../../shared/plans.js';
import { formatHours } from '../../../../shared/format.js';
import { AdminList, FilterSwitch, RowMenu, useAdminList, useDialog, type Column, listCache } from '../../../components/records/index.js';
import { trpc } from '../../../trpc.js';
import { BalanceEmailDialog } from './BalanceEmailDialog.js';
import { balanceEmailChoices, lastSentLines } from './balanceEmailText.js';
import { CompanyLink } from '../../../components/CompanyLink.js';
import { BulkBalanceEmailDialog } from './BulkBalanceEmailDialog.js';
import { CompanyDialog } from './CompanyDialog.js';
import { DeleteCompanyDialog } from './DeleteCompanyDialog.js';
import { SchedulerDialog } from './SchedulerDialog.js';

type CompanyAction = { kind: 'delete' | BalanceEmailKind; company: CompanyDto };

const tabularNumbers = { fontVariantNumeric: 'tabular-nums' } as const;

const columns: Column<CompanyDto>[] = [
  {
    key: 'companyName',
    header: 'Company Name',
    sortable: true,
    render: (company) => (
      <>
        <CompanyLink companyId={company._id} fw={500}>{company.companyName}</CompanyLink>
        {company.plan && <Text size="xs" c="dimmed">Plan: {planSummaryText(company.plan)}</Text>}
      </>
    ),
  },
  { key: 'hourBalance', header: 'Hour Balance', sortable: true, align: 'right', width: 160, render: (company) => <HourBalance hours={company.hourBalance} /> },
  { key: 'openTasks', header: 'Open Tasks', sortable: true, align: 'right', width: 140, render: (company) => <Text span size="sm" style={tabularNumbers}>{company.openTasks}</Text> },
  { key: 'runsOut', header: 'Runs Out', width: 130, render: (company) => <Text span size="sm" c={company.forecast ? undefined : 'dimmed'}>{company.forecast ? runOutDateText(company.forecast) : '—'}</Text> },
  { key: 'lastEmails', header: 'Balance Emails', width: 190, render: (company) => <LastEmails company={company} /> },
];

/** When each balance email was last sent, by hand or automatically; a dash when never. */
function LastEmails({ company }: { company: CompanyDto }) {
  const lines = lastSentLines(company);
  if (lines.length === 0) return <Text span size="sm" c="dimmed">—</Text>;
  return (
    <>
      {lines.map((line) => (
        <Text key={line} size="xs">
          {line}
        </Text>
      ))}
    </>
  );
}

/** At most 2 decimals; a negative balance in red. */
function HourBalance({ hours }: { hours: number }) {
  return (
    <Text span size="sm" fw={500} c={hours < 0 ? 'red' : undefined} style={tabularNumbers}>
      {formatHours(hours)}
    </Text>
  );
}

export function CompaniesPage() {
  const utils = trpc.useUtils();
  // the overview's Running Low card links here with ?lowOnly=true
  const list = useAdminList<CompanySortKey, { positiveOnly: boolean; lowOnly: boolean }>({
    defaultSort: { key: 'companyName', direction: 'asc' },
    filters: { positiveOnly: false, lowOnly: false },
    filtersInAddress: true,
  });
  const [bulkOpen, setBulkOpen] = useState(false);
  const companies = trpc.superadmin.companies.list.useQuery(list.query, { placeholderData: keepPreviousData });
  const editor = useDialog<Partial<CompanyDto>>();
  const actions = useDialog<CompanyAction>();
  const action = actions.target;
  const [schedulerOpen, setSchedulerOpen] = useState(false);

  // The saved company replaces its row (edit) or is appended (add); delete removes it.
  const { save: saveRow, remove: removeRow } = listCache(utils.superadmin.companies.list, list.query, 'end');

  return (
    <>
      <AdminList
        exportList="companies"
        title="Company List"
        subtitle="Hour balances and open tasks of every customer company."
        list={list}
        query={companies}
        columns={columns}
        rowKey={(company) => company._id}
        emptyText="No Companies Found"
        onAdd={() => editor.open({})}
        addLabel="Add Company"
        emptyHint="Customer companies appear here when they sign up, each with its hour balance and open tasks. You can also add one yourself."
        emptyAction="Add your first company"
        toolbar={
          <>
            <Tooltip label="Email every running-low company">
              <ActionIcon size="lg" variant="light" color="orange" onClick={() => setBulkOpen(true)} aria-label="Email every running-low company">
                <IconMailForward size={20} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Open Scheduler">
              <ActionIcon size="lg" variant="light" color="secondary" onClick={() => setSchedulerOpen(true)} aria-label="Open Scheduler">
                <IconCalendarTime size={20} />
              </ActionIcon>
            </Tooltip>
          </>
        }
        filters={
          <Group gap="lg">
            <FilterSwitch
              label="Only positive hours & open tasks"
              checked={list.filters.positiveOnly}
              onChange={(positiveOnly) => list.setFilters({ ...list.filters, positiveOnly })}
            />
            <FilterSwitch label="Only running low" checked={list.filters.lowOnly} onChange={(lowOnly) => list.setFilters({ ...list.filters, lowOnly })} />
          </Group>
        }
        actions={(company) => (
          <RowMenu
            rowName={company.companyName}
            items={[
              { label: 'Edit Company', icon: <IconEdit size={18} />, onClick: () => editor.open(company) },
              { label: 'Delete Company', icon: <IconTrash size={18} />, color: 'red', onClick: () => actions.open({ kind: 'delete', company }) },
              ...balanceEmailChoices(company).map((choice) => ({
                label: choice.label,
                icon: choice.kind === 'runningLow' ? <IconHourglassLow size={18} /> : <IconMailExclamation size={18} />,
                color: choice.kind === 'runningLow' ? 'orange' : 'grape',
                disabled: !choice.offered,
                hint: choice.hint,
                onClick: () => actions.open({ kind: choice.kind, company }),
              })),
            ]}
          />
        )}
      />
      {editor.target && <CompanyDialog company={editor.target} onClose={editor.close} onSaved={(saved) => (saveRow(saved), editor.close())} />}
      {action?.kind === 'delete' && (
        <DeleteCompanyDialog company={action.company} onClose={actions.close} onDeleted={removeRow} />
      )}
      {action && action.kind !== 'delete' && <BalanceEmailDialog company={action.company} kind={action.kind} onClose={actions.close} />}
      {bulkOpen && <BulkBalanceEmailDialog filter={list.query} onClose={() => setBulkOpen(false)} />}
      {schedulerOpen && <SchedulerDialog query={list.query} onClose={() => setSchedulerOpen(false)} />}
    </>
  );
}
