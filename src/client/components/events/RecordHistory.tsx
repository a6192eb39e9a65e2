import { keepPreviousData } from '@tanstack/react-query';
import { auditLogPath } from './auditLogPath.js';
import { historyColumns } from './eventColumns.js';
import { trpc } from '../../trpc.js';
import { ReadOnlyDialog } from '../ReadOnlyDialog.js';
import { SectionList, useAdminList } from '../records/index.js';

/** Events a History shows a page; the Audit Log holds them all. */
const HISTORY_PAGE_SIZE = 10;

/** A record's events, newest first, paged: who changed what and when. */
export function RecordHistoryList({ title, filter }: { title: string; filter: { subject: string } | { company: string } }) {
  const list = useAdminList<'occurredAt'>({ defaultSort: { key: 'occurredAt', direction: 'desc' }, pageSize: HISTORY_PAGE_SIZE });
  const query = trpc.superadmin.events.list.useQuery({ ...list.query, ...filter }, { placeholderData: keepPreviousData });
  return (
    <SectionList
      title={title}
      seeAll={{ href: auditLogPath(filter), label: 'Open in the Audit Log' }}
      list={list}
      query={query}
      columns={historyColumns}
      rowKey={(event) => event._id}
      emptyText="No changes recorded."
    />
  );
}

/** A record's History in a dialog: an invoice's or a payment's, opened from its row. */
export function RecordHistoryDialog({ what, subjectId, onClose }: { what: string; subjectId: string; onClose: () => void }) {
  return (
    <ReadOnlyDialog title={`History of ${what}`} onClose={onClose}>
      <RecordHistoryList title="Changes" filter={{ subject: subjectId }} />
    </ReadOnlyDialog>
  );
}
