import { Alert, Loader, Paper, Stack, Text } from '@mantine/core';
import type { BalanceEmailKind, CompanyDto } from '../../../../shared/companies.js';
import { formatHours } from '../../../../shared/format.js';
import { ConfirmDialog, failureText } from '../../../components/records/index.js';
import { trpc } from '../../../trpc.js';
import { balanceEmailNames, recentlySentWarning } from './balanceEmailText.js';
import { toastDone, toastFailed } from '../../../lib/toast.js';

type BalanceEmailDialogProps = {
  company: CompanyDto;
  kind: BalanceEmailKind;
  onClose: () => void;
  /** After a send went through (the page refreshes the company's last-sent time). */
  onSent?: () => void;
};

/** The email as the server would send it now: recipients, subject and the plain-text body. */
function EmailPreview({ company, kind }: { company: CompanyDto; kind: BalanceEmailKind }) {
  const preview = trpc.superadmin.companies.previewBalanceEmail.useQuery({ kind, companyId: company._id }, { staleTime: 0 });
  if (preview.isPending) return <Loader size="sm" aria-label="Loading the email preview" />;
  if (preview.isError) {
    return (
      <Alert color="red" title="This email cannot be sent" role="alert">
        {failureText(preview.error)}
      </Alert>
    );
  }
  const { to, subject, text } = preview.data;
  return (
    <Paper withBorder radius="sm" p="sm" data-testid="email-preview" aria-label="Email preview" component="section">
      <Stack gap={4}>
        <Text size="sm">
          <Text span fw={600}>
            To:
          </Text>{' '}
          {to.length > 0 ? to.join(', ') : 'nobody: the company has no approved users'}
        </Text>
        <Text size="sm">
          <Text span fw={600}>
            Subject:
          </Text>{' '}
          {subject}
        </Text>
        <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-wrap' }} data-testid="email-preview-body">
          {text}
        </Text>
      </Stack>
    </Paper>
  );
}

/** Whether the preview says the send would go through: loaded, and with someone to send to. */
function usePreviewSendable(company: CompanyDto, kind: BalanceEmailKind): boolean {
  const preview = trpc.superadmin.companies.previewBalanceEmail.useQuery({ kind, companyId: company._id }, { staleTime: 0 });
  return preview.isSuccess && preview.data.to.length > 0;
}

/**
 * 'Confirm Send Email' with the email itself, rendered by the server from the template that sends
 * it. The dialog closes after the call whatever its outcome (as it always has); the outcome,
 * success or failure, is told in a notification. The same kind sent in the last 24 hours is named
 * first, so the provider does not send it twice by mistake.
 */
export function BalanceEmailDialog({ company, kind, onClose, onSent }: BalanceEmailDialogProps) {
  const send = trpc.superadmin.companies.sendBalanceEmail.useMutation({
    onSuccess: (result) => {
      toastDone('Email sent', result.message);
      onSent?.();
    },
    onError: (error) => toastFailed('Email not sent', failureText(error)),
    onSettled: onClose,
  });
  const sendable = usePreviewSendable(company, kind);
  const warning = recentlySentWarning(company, kind);
  return (
    <ConfirmDialog
      opened
      size="lg"
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
      confirmDisabled={!sendable}
      onConfirm={() => send.mutate({ kind, companyId: company._id })}
      onClose={onClose}
      busy={send.isPending}
    >
      <Text size="sm" c="dimmed">
        Current hour balance: {formatHours(company.hourBalance)} hours (running-low threshold {formatHours(company.thresholdHours)} hours)
      </Text>
      <EmailPreview company={company} kind={kind} />
    </ConfirmDialog>
  );
}
