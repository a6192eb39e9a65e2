import { Text } from '@mantine/core';
import type { CompanyDto } from '../../../../shared/companies.js';
import { ConfirmDialog, adminErrorText } from '../../../components/admin-list/index.js';
import { trpc } from '../../../trpc.js';

type DeleteCompanyDialogProps = {
  company: CompanyDto;
  onClose: () => void;
  onDeleted: (companyId: string) => void;
};

/** The server refuses (409) a company with billing records; its message stays in the dialog. */
export function DeleteCompanyDialog({ company, onClose, onDeleted }: DeleteCompanyDialogProps) {
  const remove = trpc.superadmin.companies.delete.useMutation({ onSuccess: () => onDeleted(company._id) });
  return (
    <ConfirmDialog
      opened
      title="Confirm Delete"
      message="Are you sure you want to DELETE this Company?"
      confirmLabel="Delete"
      confirmColor="red"
      onConfirm={() => remove.mutate({ id: company._id })}
      onClose={onClose}
      busy={remove.isPending}
      error={remove.isError ? adminErrorText(remove.error) : null}
    >
      <Text fw={600}>{company.companyName}</Text>
      <Text size="sm" c="dimmed">
        Its users, tasks and custom packages are deleted with it.
      </Text>
    </ConfirmDialog>
  );
}
