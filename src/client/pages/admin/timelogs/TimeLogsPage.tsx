import { ActionIcon, Button, Text, Tooltip } from '@mantine/core';
import { IconCalendarStats, IconEdit, IconTable, IconTrash } from '@tabler/icons-react';
import { keepPreviousData } from '@tanstack/react-query';
import { Link } from 'wouter';
import { runtimeTimeZone } from '../../../../shared/dates.js';
import type { TimeLogDto, TimeLogSortKey } from '../../../../shared/timelogs.js';
import { AdminList, ConfirmAction, DateRangeFilter, RowAction, deleteConfirmation, inCompanyFilter, listCache, useAdminList, useDialog } from '../../../components/records/index.js';
import { trpc } from '../../../trpc.js';
import { lazyPart } from '../../../lib/lazyNamed.js';
import { toastDone } from '../../../lib/toast.js';
import { timeLogColumns } from './timeLogColumns.js';
import { TIME_LOG_SAVED, hoursCountText, logDateTimeText, logHoursText } from './timeLogText.js';

// The editor and its date picker (@mantine/dates, dayjs) load after the list has shown.
const TimeLogDialog = lazyPart(() => import('./TimeLogDialog.js'), 'TimeLogDialog', { prefetch: true });


/** Which log a delete is about: company, time, hours and description on one line. */
function LogSummary({ log }: { log: TimeLogDto }) {
  return (
    <Text size="sm" c="dimmed">
      {log.companyName} · {logDateTimeText(log.timeStamp)} · {logHoursText(log.invertedHours)} h
      {log.description ? ` · ${log.description}` : ''}
    </Text>
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

/** The weekly timesheet, for the company the list is filtered on (if any). */
function TimesheetLink({ companyId }: { companyId: string }) {
  return (
    <Button component={Link} href={companyId ? `/timesheet?company=${encodeURIComponent(companyId)}` : '/timesheet'} variant="light" leftSection={<IconTable size={18} />}>
      Timesheet
    </Button>
  );
}

/**
 * Time Logs (/timelogs): every company's logged hours, newest first. The server
 * searches, filters, sorts and pages; after a save or delete the page on screen is updated.
 */
export function TimeLogsPage() {
  const utils = trpc.useUtils();
  const list = useAdminList<TimeLogSortKey, { timeZone: string; from: string; to: string }>({
    defaultSort: { key: 'timeStamp', direction: 'desc' },
    // The server's Search reads date-times in the browser's zone, as the DateTime column shows them.
    filters: { timeZone: runtimeTimeZone(), from: '', to: '' },
    // a company's page links here with ?company=<id>
    filtersInAddress: true,
  });
  // The list loads on mount and on each refresh.
  const logs = trpc.superadmin.timelogs.list.useQuery(list.query, { placeholderData: keepPreviousData, staleTime: 0 });
  const editor = useDialog<Partial<TimeLogDto>>();
  const deleting = useDialog<TimeLogDto>();

  // A created log is appended, an edited one replaces its row (or leaves a company's list).
  const { save: replaceRow, remove: removeRow } = listCache(utils.superadmin.timelogs.list, list.query, 'end');

  const remove = trpc.superadmin.timelogs.delete.useMutation({
    onSuccess: (_result, { id }) => {
      removeRow(id);
      toastDone('Time log deleted');
    },
  });

  const onSaved = (saved: TimeLogDto, keepOpen: boolean) => {
    replaceRow(saved, inCompanyFilter(list.companyId, saved));
    if (keepOpen) return;
    toastDone(editor.target?._id ? 'Time log updated' : TIME_LOG_SAVED, `${hoursCountText(saved.invertedHours)} for ${saved.companyName}`);
    editor.close();
  };

  const refresh = () => {
    void logs.refetch();
    void utils.superadmin.companies.options.invalidate();
    void utils.superadmin.tasks.openOf.invalidate();
  };

  return (
    <>
      <AdminList
        exportList="timelogs"
        title="Time Logs"
        list={list}
        query={logs}
        columns={timeLogColumns}
        rowKey={(log) => log._id}
        emptyText="No Time Logs Found"
        companyFilter
        filters={<DateRangeFilter what="Time logs" value={list.filters} onChange={(range) => list.setFilters({ ...list.filters, ...range })} />}
        toolbar={
          <>
            <TimesheetLink companyId={list.companyId} />
            <DailyTotalsLink />
          </>
        }
        onAdd={() => editor.open({})}
        addLabel="Add Time Log"
        emptyHint="Each time log records hours you worked for a company and takes them off its balance."
        emptyAction="Log your first hours"
        onRefresh={refresh}
        actions={(log) => (
          <>
            <RowAction label="Edit Time Log" onClick={() => editor.open(log)}>
              <IconEdit size={18} />
            </RowAction>
            <RowAction label="Delete Time Log" color="red" onClick={() => deleting.open(log)}>
              <IconTrash size={18} />
            </RowAction>
          </>
        )}
      />
      {editor.target && (
        <TimeLogDialog
          log={editor.target}
          defaultCompanyId={list.companyId}
          onClose={editor.close}
          onSaved={onSaved}
        />
      )}
      {deleting.target && (
        <ConfirmAction {...deleteConfirmation('TimeLog')} mutation={remove} input={{ id: deleting.target._id }} onClose={deleting.close}>
          <LogSummary log={deleting.target} />
        </ConfirmAction>
      )}
    </>
  );
}
