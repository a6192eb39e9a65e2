import { Alert, Button, Group, Select, Text } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { EVENT_TYPE_NAMES, EVENT_TYPES, type EventType } from '../../../../shared/events.js';
import { AdminList, DateRangeFilter, useAdminList } from '../../../components/records/index.js';
import { trpc } from '../../../trpc.js';
import { ActorSelect } from './ActorSelect.js';
import { eventColumns } from '../../../components/events/eventColumns.js';

type AuditFilters = { type: EventType | ''; actor: string; subject: string; from: string; to: string };

const TYPE_CHOICES = [{ value: '', label: 'Every event' }, ...EVENT_TYPE_NAMES.map((type) => ({ value: type, label: type, title: EVENT_TYPES[type] }))];

/**
 * Audit Log (/auditlog): every change, sign-in and download, newest first, as the server finds,
 * filters and pages it. Read-only: events cannot be changed or deleted. A record's History links
 * here with ?subject=<id>.
 */
export function AuditLogPage() {
  const list = useAdminList<'occurredAt', AuditFilters>({
    defaultSort: { key: 'occurredAt', direction: 'desc' },
    filters: { type: '', actor: '', subject: '', from: '', to: '' },
    filtersInAddress: true,
  });
  const events = trpc.superadmin.events.list.useQuery(list.query, { placeholderData: keepPreviousData });
  const setFilter = (change: Partial<AuditFilters>) => list.setFilters({ ...list.filters, ...change });
  return (
    <AdminList
      exportList="events"
      title="Audit Log"
      subtitle="Who changed what, and when. Events cannot be edited or deleted."
      list={list}
      query={events}
      columns={eventColumns}
      rowKey={(event) => event._id}
      emptyText="No Events Found"
      searchLabel="Search events, people or a record id"
      companyFilter
      notice={list.filters.subject ? <OneRecordNotice subject={list.filters.subject} onShowAll={() => setFilter({ subject: '' })} /> : undefined}
      filters={
        <>
          <Select
            label="Event"
            data={TYPE_CHOICES}
            value={list.filters.type}
            onChange={(type) => setFilter({ type: (type ?? '') as EventType | '' })}
            allowDeselect={false}
            searchable
            comboboxProps={{ withinPortal: true }}
            w={{ base: '100%', sm: 240 }}
          />
          <ActorSelect value={list.filters.actor} onChange={(actor) => setFilter({ actor })} />
          <DateRangeFilter what="Events" value={list.filters} onChange={(range) => setFilter(range)} />
        </>
      }
    />
  );
}

/** Above the log narrowed to one record's History, with the way back to every event. */
function OneRecordNotice({ subject, onShowAll }: { subject: string; onShowAll: () => void }) {
  return (
    <Alert color="blue" variant="light" mb="md" p="xs">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm">Showing the History of record {subject}.</Text>
        <Button size="compact-sm" variant="white" onClick={onShowAll}>
          Show every event
        </Button>
      </Group>
    </Alert>
  );
}
