import { Text } from '@mantine/core';
import type { CompanyDto } from '../../../../shared/companies.js';
import { ConfirmAction, deleteConfirmation } from '../../../components/records/index.js';
import { toastDone } from '../../../lib/toast.js';
import { trpc } from '../../../trpc.js';

type DeleteCompanyDialogProps = {
  company: CompanyDto;
  onClose: () => void;
  onDeleted: (companyId: string) => void;
};

/** The server refuses (409) a company with billing records; its message stays in the dialog. */
export function DeleteCompanyDialog({ company, onClose, onDeleted }: DeleteCompanyDialogProps) {
  const remove = trpc.superadmin.companies.delete.useMutation({
    onSuccess: () => {
      toastDone(`Company ${company.companyName} deleted`);
      onDeleted(company._id);
    },
  });
  return (
    <ConfirmAction {...deleteConfirmation('Company')} mutation={remove} input={{ id: company._id }} onClose={onClose}>
      <Text fw={600}>{company.companyName}</Text>
      <Text size="sm" c="dimmed">
        Its users, tasks and custom packages are deleted with it.
      </Text>
    </ConfirmAction>
  );
}
