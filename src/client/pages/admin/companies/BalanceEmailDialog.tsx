import { Alert, Text } from '@mantine/core';
import type { BalanceEmailKind, CompanyDto } from '../../../../shared/companies.js';
import { formatHours } from '../../../../shared/format.js';
import { ConfirmDialog, adminErrorText } from '../../../components/admin-list/index.js';
import { trpc } from '../../../trpc.js';
import { balanceEmailNames, recentlySentWarning } from './balanceEmailText.js';
import { toastDone, toastFailed } from '../../../lib/toast.js';

type BalanceEmailDialogProps = {
  company: CompanyDto;
  kind: BalanceEmailKind;
  onClose: () => void;
};

/**
 * 'Confirm Send Email'. The dialog closes after the call whatever its outcome (as it always has);
 * the outcome, success or failure, is told in a notification. The same kind sent in the last 24
 * hours is named first, so the provider does not send it twice by mistake.
 */
export function BalanceEmailDialog({ company, kind, onClose }: BalanceEmailDialogProps) {
  const send = trpc.superadmin.companies.sendBalanceEmail.useMutation({
    onSuccess: (result) => toastDone('Email sent', result.message),
    onError: (error) => toastFailed('Email not sent', adminErrorText(error)),
    onSettled: onClose,
  });
  const warning = recentlySentWarning(company, kind);
  return (
    <ConfirmDialog
      opened
      title="Confirm Send Email"
      message={
        warning ? (
          <Alert color="orange" variant="light" data-testid="recently-sent">
            {warning} Send another?
          </Alert>
        ) : (
          `Send a ${balanceEmailNames[kind]} email to the approved users of ${company.companyName}?`
        )
      }
      confirmLabel="Send Email"
      onConfirm={() => send.mutate({ kind, companyId: company._id })}
      onClose={onClose}
      busy={send.isPending}
    >
      <Text size="sm" c="dimmed">
        Current hour balance: {formatHours(company.hourBalance)} hours
      </Text>
    </ConfirmDialog>
  );
}
