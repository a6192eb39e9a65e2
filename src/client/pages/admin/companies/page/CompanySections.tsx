import { keepPreviousData } from '@tanstack/react-query';
import type { Column } from '../../../../components/records/index.js';
import { SectionList, useAdminList } from '../../../../components/records/index.js';
import { runtimeTimeZone } from '../../../../../shared/dates.js';
import type { InvoiceSortKey } from '../../../../../shared/invoices.js';
import type { PaymentSortKey } from '../../../../../shared/payments.js';
import type { TaskSortKey } from '../../../../../shared/tasks.js';
import type { TimeLogSortKey } from '../../../../../shared/timelogs.js';
import type { UserSortKey } from '../../../../../shared/users.js';
import { trpc } from '../../../../trpc.js';
import { invoiceColumns } from '../../invoices/invoiceColumns.js';
import { paymentColumns } from '../../payments/paymentColumns.js';
import { taskColumns } from '../../tasks/taskColumns.js';
import { timeLogColumns } from '../../timelogs/timeLogColumns.js';
import { userColumns } from '../../users/userColumns.js';
import { activityColumns } from './activityColumns.js';

/** Rows per page of each list on a company's page: several lists share it. */
const SECTION_PAGE_SIZE = 10;

/** The full list's columns without the company's own name, which every row of the section shares. */
const withoutCompany = <T,>(columns: Column<T>[]) => columns.filter((column) => column.key !== 'companyName');

/** A full back-office list, opened filtered to the company (the list reads ?company=<id>). */
const filteredTo = (path: string, companyId: string) => `${path}?company=${encodeURIComponent(companyId)}`;

type SectionProps = { companyId: string; companyName: string };

export function InvoicesSection({ companyId, companyName }: SectionProps) {
  const list = useAdminList<InvoiceSortKey>({ defaultSort: { key: 'transactionDate', direction: 'desc' }, pageSize: SECTION_PAGE_SIZE });
  const query = trpc.superadmin.invoices.list.useQuery({ ...list.query, company: companyId }, { placeholderData: keepPreviousData });
  return (
    <SectionList
      title="Invoices"
      seeAll={{ href: filteredTo('/allinvoices', companyId), label: `All invoices of ${companyName}` }}
      list={list}
      query={query}
      columns={withoutCompany(invoiceColumns)}
      rowKey={(invoice) => invoice._id}
      emptyText="No Invoices Found"
    />
  );
}

export function PaymentsSection({ companyId, companyName }: SectionProps) {
  const list = useAdminList<PaymentSortKey>({ defaultSort: { key: 'paymentDate', direction: 'desc' }, pageSize: SECTION_PAGE_SIZE });
  const query = trpc.superadmin.payments.list.useQuery({ ...list.query, company: companyId }, { placeholderData: keepPreviousData });
  return (
    <SectionList
      title="Payments"
      seeAll={{ href: filteredTo('/allpayments', companyId), label: `All payments of ${companyName}` }}
      list={list}
      query={query}
      columns={withoutCompany(paymentColumns)}
      rowKey={(payment) => payment._id}
      emptyText="No Payments Found"
    />
  );
}

/** The hour ledger as the company's users see it on Activities, newest first; no back-office list holds it, so this one pages through it all. */
export function ActivitiesSection({ companyId }: { companyId: string }) {
  // newest first is the ledger's only order
  const list = useAdminList<'timeStamp'>({ defaultSort: { key: 'timeStamp', direction: 'desc' }, pageSize: SECTION_PAGE_SIZE });
  const query = trpc.superadmin.companies.activities.useQuery({ id: companyId, page: list.page, perPage: list.pageSize }, { placeholderData: keepPreviousData });
  return (
    <SectionList
      title="Activities"
      list={list}
      query={query}
      columns={activityColumns}
      rowKey={(activity) => activity.id}
      emptyText="No Activities"
    />
  );
}

export function TasksSection({ companyId, companyName }: SectionProps) {
  const list = useAdminList<TaskSortKey>({ defaultSort: { key: 'priority', direction: 'asc' }, pageSize: SECTION_PAGE_SIZE });
  const query = trpc.superadmin.tasks.listOpen.useQuery({ ...list.query, company: companyId }, { placeholderData: keepPreviousData });
  return (
    <SectionList
      title="Open Tasks"
      seeAll={{ href: filteredTo('/alltasks', companyId), label: `All open tasks of ${companyName}` }}
      list={list}
      query={query}
      columns={withoutCompany(taskColumns)}
      rowKey={(task) => task._id}
      emptyText="No Open Tasks"
    />
  );
}

export function TimeLogsSection({ companyId, companyName }: SectionProps) {
  const list = useAdminList<TimeLogSortKey, { timeZone: string }>({
    defaultSort: { key: 'timeStamp', direction: 'desc' },
    filters: { timeZone: runtimeTimeZone() },
    pageSize: SECTION_PAGE_SIZE,
  });
  const query = trpc.superadmin.timelogs.list.useQuery({ ...list.query, company: companyId }, { placeholderData: keepPreviousData });
  return (
    <SectionList
      title="Time Logs"
      seeAll={{ href: filteredTo('/timelogs', companyId), label: `All time logs of ${companyName}` }}
      list={list}
      query={query}
      columns={withoutCompany(timeLogColumns)}
      rowKey={(log) => log._id}
      emptyText="No Time Logs Found"
    />
  );
}

export function UsersSection({ companyId, companyName }: SectionProps) {
  const list = useAdminList<UserSortKey>({ defaultSort: { key: 'createdAt', direction: 'desc' }, pageSize: SECTION_PAGE_SIZE });
  const query = trpc.superadmin.users.list.useQuery({ ...list.query, company: companyId }, { placeholderData: keepPreviousData });
  return (
    <SectionList
      title="Users"
      seeAll={{ href: filteredTo('/allusers', companyId), label: `All users of ${companyName}` }}
      list={list}
      query={query}
      columns={withoutCompany(userColumns)}
      rowKey={(user) => user._id}
      emptyText="No Users Found"
    />
  );
}
