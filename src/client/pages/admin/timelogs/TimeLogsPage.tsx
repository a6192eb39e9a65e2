import { ActionIcon, Badge, Stack, Text, Tooltip } from '@mantine/core';
import { IconCalendarStats, IconEdit, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { TimeLogDto } from '../../../../shared/timelogs.js';
import { AdminList, ConfirmDialog, RowAction, adminErrorText, useAdminList, useDialog, type Column, listCache } from '../../../components/admin-list/index.js';
import { trpc } from '../../../trpc.js';
import { lazyPart } from '../../../lib/lazyNamed.js';
import { logDateTimeText, logHoursText } from './timeLogText.js';

// The editor and its date picker (@mantine/dates, dayjs) load after the list has shown.
const TimeLogDialog = lazyPart(() => import('./TimeLogDialog.js'), 'TimeLogDialog', { prefetch: true });

const columns: Column<TimeLogDto>[] = [
  { key: 'companyName', header: 'Company', sortable: true, render: (log) => log.companyName },
  { key: 'timeStamp', header: 'DateTime', sortable: true, render: (log) => <span style={{ whiteSpace: 'nowrap' }}>{logDateTimeText(log.timeStamp)}</span> },
  { key: 'invertedHours', header: 'Hours', sortable: true, align: 'right', render: (log) => logHoursText(log.invertedHours) },
  { key: 'description', header: 'Description', sortable: true, render: (log) => <LogDescription log={log} /> },
];

const sortValues = {
  companyName: (log: TimeLogDto) => log.companyName,
  timeStamp: (log: TimeLogDto) => log.timeStamp,
  invertedHours: (log: TimeLogDto) => log.invertedHours,
  description: (log: TimeLogDto) => log.description,
};

/** SPEC.md §2: the description, the hours text or the date-time text as the row shows it. */
const searchText = (log: TimeLogDto) => [log.description, logHoursText(log.invertedHours), logDateTimeText(log.timeStamp)];
const companyOf = (log: TimeLogDto) => log.company;

/** The description, with the linked task (if any) as a small tag under it. */
function LogDescription({ log }: { log: TimeLogDto }) {
  return (
    <Stack gap={4} align="flex-start">
      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
        {log.description}
      </Text>
      {log.taskTitle && (
        <Badge variant="outline" color="gray.7" size="sm" radius="sm" tt="none" title="Linked task">
          Task: {log.taskTitle}
        </Badge>
      )}
    </Stack>
  );
}

function DailyTotalsLink() {
  return (
    <Tooltip label="View Daily Totals">
      <ActionIcon component={Link} href="/dailytimelogs" size="lg" variant="light" aria-label="View Daily Totals">
        <IconCalendarStats size={20} />
      </ActionIcon>
    </Tooltip>
  );
}

/** Time Logs (/timelogs): every company's logged hours, newest first (SPEC.md §2). */
export function TimeLogsPage() {
  const utils = trpc.useUtils();
  // SPEC.md §4: the three loads run on mount and on each refresh.
  const fresh = { staleTime: 0 };
  const logs = trpc.superadmin.timelogs.list.useQuery(undefined, fresh);
  const openTasks = trpc.superadmin.tasks.listOpen.useQuery(undefined, fresh);
  const companies = trpc.superadmin.companies.list.useQuery(undefined, fresh);
  const list = useAdminList({
    rows: logs.data,
    searchText,
    companyOf,
    sortValues,
    defaultSort: { key: 'timeStamp', direction: 'desc' },
  });
  const editor = useDialog<Partial<TimeLogDto>>();
  const [deleting, setDeleting] = useState<TimeLogDto | null>(null);

  const { save: replaceRow, remove: removeRow } = listCache(utils.superadmin.timelogs.list);

  const closeDelete = () => {
    setDeleting(null);
    remove.reset();
  };
  const remove = trpc.superadmin.timelogs.delete.useMutation({ onSuccess: (_result, { id }) => (removeRow(id), closeDelete()) });

  const onSaved = (saved: TimeLogDto, tasksChanged: boolean) => {
    replaceRow(saved);
    if (tasksChanged) void openTasks.refetch();
    editor.close();
  };

  const refresh = () => {
    void logs.refetch();
    void openTasks.refetch();
    void companies.refetch();
  };

  return (
    <>
      <AdminList
        title="Time Logs"
        list={list}
        columns={columns}
        rowKey={(log) => log._id}
        loading={logs.isFetching}
        error={logs.isError ? adminErrorText(logs.error) : null}
        emptyText="No Time Logs Found"
        companies={companies.data}
        toolbar={<DailyTotalsLink />}
        onAdd={() => editor.open({})}
        addLabel="Add Time Log"
        onRefresh={refresh}
        actions={(log) => (
          <>
            <RowAction label="Edit Time Log" onClick={() => editor.open(log)}>
              <IconEdit size={18} />
            </RowAction>
            <RowAction label="Delete Time Log" color="red" onClick={() => setDeleting(log)}>
              <IconTrash size={18} />
            </RowAction>
          </>
        )}
      />
      {editor.target && (
        <TimeLogDialog
          log={editor.target}
          companies={companies.data ?? []}
          openTasks={openTasks.data ?? []}
          defaultCompanyId={list.companyId}
          onClose={editor.close}
          onSaved={onSaved}
        />
      )}
      {deleting && (
        <ConfirmDialog
          opened
          title="Confirm Delete"
          message="Are you sure you want to DELETE this TimeLog?"
          confirmLabel="Delete"
          confirmColor="red"
          onConfirm={() => remove.mutate({ id: deleting._id })}
          onClose={closeDelete}
          busy={remove.isPending}
          error={remove.isError ? adminErrorText(remove.error) : null}
        >
          <Text size="sm" c="dimmed">
            {deleting.companyName} · {logDateTimeText(deleting.timeStamp)} · {logHoursText(deleting.invertedHours)} h
            {deleting.description ? ` · ${deleting.description}` : ''}
          </Text>
        </ConfirmDialog>
      )}
    </>
  );
}
