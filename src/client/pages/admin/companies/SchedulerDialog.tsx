import { Alert, Center, Group, Loader, Text } from '@mantine/core';
import { useState } from 'react';
import type { CompanyListQuery } from '../../../../shared/companies.js';
import { buildScheduleRows, formatScheduleHours, MAX_SCHEDULE_ITEMS, moveDown, moveUp, toScheduleItems, type ScheduleRow } from '../../../../shared/schedule.js';
import { totalText } from '../../../../shared/list.js';
import { FormDialog, failureText } from '../../../components/records/index.js';
import { errorText, trpc } from '../../../trpc.js';
import { ScheduleRowItem } from './ScheduleRowItem.js';
import classes from './Scheduler.module.css';
import { toastDone } from '../../../lib/toast.js';

/** A scheduling failure shows the message of the failed call, else this. */
export const UNKNOWN_NETWORK_ERROR = 'An unknown network error occurred.';

type SchedulerDialogProps = {
  /** The Company List's call as it stands: the scheduler opens with the companies it matches, in its order. */
  query: CompanyListQuery;
  onClose: () => void;
};

const howMany = new Intl.NumberFormat('en-US');

/**
 * 'Prepare Schedule for API': a priority list (top first) of companies and hours, sent to the
 * scheduler. It opens with the companies the list's search, switch and sort match, read afresh
 * from the server (as many as one schedule may hold), not just the page on screen.
 */
export function SchedulerDialog({ query, onClose }: SchedulerDialogProps) {
  const matching = trpc.superadmin.companies.list.useQuery({ ...query, page: 1, perPage: MAX_SCHEDULE_ITEMS }, { staleTime: 0, gcTime: 0 });
  const [rows, setRows] = useState<readonly ScheduleRow[] | null>(null);
  if (rows === null && matching.data) setRows(buildScheduleRows(matching.data.items));
  const send = trpc.superadmin.schedule.send.useMutation({
    onSuccess: (result) => {
      toastDone('Schedule sent', result.message);
      onClose();
    },
  });

  const changeRows = (change: (current: readonly ScheduleRow[]) => readonly ScheduleRow[]) => setRows((current) => current && change(current));
  const setHours = (companyId: string, hoursToSchedule: number) =>
    changeRows((current) => current.map((row) => (row.companyId === companyId ? { ...row, hoursToSchedule } : row)));

  return (
    <FormDialog
      opened
      title="Prepare Schedule for API"
      size="lg"
      onClose={onClose}
      onSubmit={() => rows && send.mutate({ items: toScheduleItems(rows) })}
      submitLabel={send.isPending ? 'Scheduling...' : 'Send Schedule'}
      submitDisabled={send.isPending || !rows?.length}
      error={send.isError ? errorText(send.error, UNKNOWN_NETWORK_ERROR) : matching.isError ? failureText(matching.error) : null}
    >
      <Text size="sm" c="dimmed">
        The company at the top is scheduled first. Set the hours for each company and move it up or down to change its priority.
      </Text>
      {rows !== null && matching.data && matching.data.total > rows.length && (
        <Alert color="orange" variant="light">
          {`${totalText(matching.data)} companies match the list; the schedule holds the first ${howMany.format(rows.length)}. Narrow the search to schedule the others.`}
        </Alert>
      )}
      {rows === null ? (
        !matching.isError && (
          <Center py="lg">
            <Loader aria-label="Loading companies" />
          </Center>
        )
      ) : (
        <ScheduleList rows={rows} disabled={send.isPending} onHoursChange={setHours} onRowsChange={changeRows} />
      )}
    </FormDialog>
  );
}

type ScheduleListProps = {
  rows: readonly ScheduleRow[];
  disabled: boolean;
  onHoursChange: (companyId: string, hours: number) => void;
  onRowsChange: (change: (current: readonly ScheduleRow[]) => readonly ScheduleRow[]) => void;
};

/** The rows, highest priority first, each with its hours and its move buttons; then the count and total. */
function ScheduleList({ rows, disabled, onHoursChange, onRowsChange }: ScheduleListProps) {
  if (rows.length === 0) {
    return (
      <Text ta="center" py="lg" c="dimmed">
        No companies match the list&apos;s current filters.
      </Text>
    );
  }
  const totalHours = rows.reduce((total, row) => total + row.hoursToSchedule, 0);
  return (
    <>
      <div>
        <Group justify="space-between" wrap="nowrap" className={classes.header} aria-hidden="true" visibleFrom="xs">
          <Text size="sm" fw={600}>
            Company
          </Text>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={600} w={120}>
              Hours
            </Text>
            <Text size="sm" fw={600} w={74} ta="center">
              Move
            </Text>
          </Group>
        </Group>
        <ol className={classes.list} aria-label="Companies to schedule, highest priority first">
          {rows.map((row, index) => (
            <ScheduleRowItem
              key={row.companyId}
              row={row}
              priority={index + 1}
              isFirst={index === 0}
              isLast={index === rows.length - 1}
              disabled={disabled}
              onHoursChange={(hours) => onHoursChange(row.companyId, hours)}
              onMoveUp={() => onRowsChange((current) => moveUp(current, index))}
              onMoveDown={() => onRowsChange((current) => moveDown(current, index))}
            />
          ))}
        </ol>
      </div>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {rows.length === 1 ? '1 company' : `${rows.length} companies`}
        </Text>
        <Text size="sm" fw={600}>
          Total: {formatScheduleHours(totalHours)} hours
        </Text>
      </Group>
    </>
  );
}
