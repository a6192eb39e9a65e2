import { Text } from '@mantine/core';
import type { CompanyListQuery } from '../../../../shared/companies.js';
import { ConfirmDialog, failureText } from '../../../components/records/index.js';
import { trpc } from '../../../trpc.js';
import { toastDone, toastFailed } from '../../../lib/toast.js';

type BulkBalanceEmailDialogProps = {
  /** The list's current filter: the send reaches the running-low companies among those it shows. */
  filter: Pick<CompanyListQuery, 'search' | 'company' | 'positiveOnly'>;
  onClose: () => void;
};

/** 'Email every running-low company' of the filtered list; the server skips those emailed in the last 24 hours. */
export function BulkBalanceEmailDialog({ filter, onClose }: BulkBalanceEmailDialogProps) {
  const send = trpc.superadmin.companies.sendRunningLowEmails.useMutation({
    onSuccess: (result) => toastDone('Balance emails sent', result.message),
    onError: (error) => toastFailed('Emails not sent', failureText(error)),
    onSettled: onClose,
  });
  const narrowed = Boolean(filter.search || filter.company || filter.positiveOnly);
  return (
    <ConfirmDialog
      opened
      title="Email Every Running-Low Company"
      message={`Email every running-low company${narrowed ? ' the current search and filters show' : ''}? A company with a negative balance gets the negative balance email.`}
      confirmLabel="Send Emails"
      onConfirm={() => send.mutate({ search: filter.search, company: filter.company, positiveOnly: filter.positiveOnly })}
      onClose={onClose}
      busy={send.isPending}
    >
      <Text size="sm" c="dimmed">
        Companies sent the same balance email in the last 24 hours, and those without approved users, are skipped.
      </Text>
    </ConfirmDialog>
  );
}
