import { Checkbox, Text } from '@mantine/core';
import { useState } from 'react';
import type { TaskDto } from '../../../../shared/tasks.js';
import { ConfirmAction } from '../../../components/records/index.js';
import { toastDone } from '../../../lib/toast.js';
import { trpc } from '../../../trpc.js';

type MarkDoneDialogProps = {
  task: TaskDto;
  onClose: () => void;
  onDone: (task: TaskDto) => void;
};

/** 'Confirm Marking Task as Done', emailing the client unless 'Email Client' is unticked; closes once done. */
export function MarkDoneDialog({ task, onClose, onDone }: MarkDoneDialogProps) {
  const [emailClient, setEmailClient] = useState(true);
  const markDone = trpc.superadmin.tasks.markDone.useMutation({
    onSuccess: (done) => {
      toastDone('Task marked done', emailClient ? `${done.title}. The client will be emailed.` : done.title);
      onDone(done);
    },
  });
  return (
    <ConfirmAction
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
      mutation={markDone}
      input={{ id: task._id, emailClient }}
      onClose={onClose}
    >
      <Checkbox label="Email Client" checked={emailClient} onChange={(event) => setEmailClient(event.currentTarget.checked)} />
    </ConfirmAction>
  );
}
