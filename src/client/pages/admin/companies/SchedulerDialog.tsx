import { Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { buildScheduleRows, formatScheduleHours, moveDown, moveUp, toScheduleItems, type SchedulableCompany, type ScheduleRow } from '../../../../shared/schedule.js';
import { AdminDialog } from '../../../components/admin-list/index.js';
import { errorText, trpc } from '../../../trpc.js';
import { ScheduleRowItem } from './ScheduleRowItem.js';
import classes from './Scheduler.module.css';

/** SPEC.md §8, scheduling failure: the message of the failed call, else this. */
export const UNKNOWN_NETWORK_ERROR = 'An unknown network error occurred.';

type SchedulerDialogProps = {
  /** The companies as the list filtered and ordered them when the dialog opened. */
  companies: readonly SchedulableCompany[];
  onClose: () => void;
};

/** 'Prepare Schedule for API': a priority list (top first) of companies and hours, sent to the scheduler. */
export function SchedulerDialog({ companies, onClose }: SchedulerDialogProps) {
  const [rows, setRows] = useState<readonly ScheduleRow[]>(() => buildScheduleRows(companies));
  const send = trpc.superadmin.schedule.send.useMutation({
    onSuccess: (result) => {
      notifications.show({ color: 'green', title: 'Schedule sent', message: result.message });
      onClose();
    },
  });

  const setHours = (companyId: string, hoursToSchedule: number) =>
    setRows((current) => current.map((row) => (row.companyId === companyId ? { ...row, hoursToSchedule } : row)));
  const totalHours = rows.reduce((total, row) => total + row.hoursToSchedule, 0);

  return (
    <AdminDialog
      opened
      title="Prepare Schedule for API"
      size="lg"
      onClose={onClose}
      onSubmit={() => send.mutate({ items: toScheduleItems(rows) })}
      submitLabel={send.isPending ? 'Scheduling...' : 'Send Schedule'}
      submitDisabled={send.isPending || rows.length === 0}
      error={send.isError ? errorText(send.error, UNKNOWN_NETWORK_ERROR) : null}
    >
      <Text size="sm" c="dimmed">
        The company at the top is scheduled first. Set the hours for each company and move it up or down to change its priority.
      </Text>
      {rows.length === 0 ? (
        <Text ta="center" py="lg" c="dimmed">
          No companies match the list&apos;s current filters.
        </Text>
      ) : (
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
                disabled={send.isPending}
                onHoursChange={(hours) => setHours(row.companyId, hours)}
                onMoveUp={() => setRows((current) => moveUp(current, index))}
                onMoveDown={() => setRows((current) => moveDown(current, index))}
              />
            ))}
          </ol>
        </div>
      )}
      {rows.length > 0 && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {rows.length === 1 ? '1 company' : `${rows.length} companies`}
          </Text>
          <Text size="sm" fw={600}>
            Total: {formatScheduleHours(totalHours)} hours
          </Text>
        </Group>
      )}
    </AdminDialog>
  );
}
