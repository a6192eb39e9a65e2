import { Text, Tooltip } from '@mantine/core';
import { dateTimeText } from '../../../shared/dates.js';
import { changesText, EVENT_TYPES, type EventDto, type EventType } from '../../../shared/events.js';
import { BackOfficeLink, CompanyLink } from '../CompanyLink.js';
import { auditLogPath } from './auditLogPath.js';
import type { Column } from '../records/index.js';

/** The event's type, its meaning on hover (and to screen readers). */
function EventTypeText({ type }: { type: string }) {
  const meaning = EVENT_TYPES[type as EventType];
  return (
    <Tooltip label={meaning} disabled={!meaning} multiline w={280} withinPortal>
      <Text span fz="sm" ff="monospace" aria-description={meaning}>
        {type}
      </Text>
    </Tooltip>
  );
}

/** The changed fields, each before and after; a long list wraps rather than widening the table. */
function ChangesText({ event }: { event: EventDto }) {
  const text = changesText(event.changes);
  return text ? (
    <Text span fz="sm" style={{ overflowWrap: 'anywhere' }}>
      {text}
    </Text>
  ) : (
    <Text span fz="sm" c="dimmed">
      —
    </Text>
  );
}

/** The record an event is about; with an id, a link to the record's History (every event about it). */
function RecordText({ event }: { event: EventDto }) {
  if (!event.subjectId) return event.subjectType;
  const named = `${event.subjectType} ${event.subjectId}`;
  return (
    <Text span fz="sm" style={{ overflowWrap: 'anywhere' }}>
      <BackOfficeLink href={auditLogPath({ subject: event.subjectId })} aria-label={`History of ${named}`}>
        {named}
      </BackOfficeLink>
    </Text>
  );
}

/** The Audit Log's columns; a record's History leaves out the company and the record, which every row shares. */
export const eventColumns: Column<EventDto>[] = [
  { key: 'occurredAt', header: 'When', sortable: true, render: (event) => dateTimeText(event.occurredAt) },
  { key: 'type', header: 'Event', render: (event) => <EventTypeText type={event.type} /> },
  { key: 'actorLabel', header: 'By', render: (event) => (event.ipAddress ? `${event.actorLabel} from ${event.ipAddress}` : event.actorLabel) },
  { key: 'companyName', header: 'Company', render: (event) => (event.companyId && event.companyName ? <CompanyLink companyId={event.companyId}>{event.companyName}</CompanyLink> : '') },
  { key: 'subject', header: 'Record', render: (event) => <RecordText event={event} /> },
  { key: 'changes', header: 'Changes', width: '30%', render: (event) => <ChangesText event={event} /> },
];

/** The columns of one record's History. */
export const historyColumns = eventColumns.filter((column) => column.key !== 'companyName' && column.key !== 'subject');
