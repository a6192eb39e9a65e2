import { Checkbox, Text } from '@mantine/core';
import { useState } from 'react';
import type { TaskDto } from '../../../../shared/tasks.js';
import { ConfirmDialog, adminErrorText } from '../../../components/admin-list/index.js';
import { trpc } from '../../../trpc.js';

type MarkDoneDialogProps = {
  task: TaskDto;
  onClose: () => void;
  onDone: (task: TaskDto) => void;
};

/** 'Confirm Marking Task as Done', emailing the client unless 'Email Client' is unticked. */
export function MarkDoneDialog({ task, onClose, onDone }: MarkDoneDialogProps) {
  const [emailClient, setEmailClient] = useState(true);
  const markDone = trpc.superadmin.tasks.markDone.useMutation({ onSuccess: onDone });
  return (
    <ConfirmDialog
      opened
      title="Confirm Marking Task as Done"
      message={
        <>
          <Text>Are you sure you want to mark this Task as DONE?</Text>
          <Text size="sm" c="dimmed" mt={4}>
            {`${task.title} (${task.companyName})`}
          </Text>
        </>
      }
      confirmLabel="Mark as Done"
      confirmColor="brand"
      onConfirm={() => markDone.mutate({ id: task._id, emailClient })}
      onClose={onClose}
      busy={markDone.isPending}
      error={markDone.isError ? adminErrorText(markDone.error) : null}
    >
      <Checkbox label="Email Client" checked={emailClient} onChange={(event) => setEmailClient(event.currentTarget.checked)} />
    </ConfirmDialog>
  );
}
