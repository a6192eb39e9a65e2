import { ActionIcon, Autocomplete, Checkbox, Group, SimpleGrid, TextInput, Tooltip } from '@mantine/core';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { useState } from 'react';
import { SUGGESTED_ROLES, type UserDto } from '../../../../shared/users.js';
import { CompanySelect, RecordDialog } from '../../../components/records/index.js';
import { useFieldValues } from '../../../lib/useFieldValues.js';
import { trpc } from '../../../trpc.js';

type UserDialogProps = {
  user: Partial<UserDto>;
  defaultCompanyId: string;
  onClose: () => void;
  onSaved: (user: UserDto) => void;
};

/** Add or edit a user; when editing, the company stays locked until the lock icon is pressed. */
export function UserDialog({ user, defaultCompanyId, onClose, onSaved }: UserDialogProps) {
  const editing = Boolean(user._id);
  const { values, setValues, bind } = useFieldValues({
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    emailAddress: user.emailAddress ?? '',
    role: user.role ?? 'admin',
  });
  const [companyId, setCompanyId] = useState<string | null>(user.company ?? (defaultCompanyId || null));
  const [approved, setApproved] = useState(user.approved ?? true);
  const [companyLocked, setCompanyLocked] = useState(editing);
  const options = { onSuccess: onSaved };
  const create = trpc.superadmin.users.create.useMutation(options);
  const update = trpc.superadmin.users.update.useMutation(options);
  const saving = editing ? update : create;

  const save = () => {
    const fields = { ...values, company: companyId, approved };
    if (user._id) update.mutate({ id: user._id, ...fields });
    else create.mutate(fields);
  };

  return (
    <RecordDialog
      entity="User"
      editing={editing}
      saving={saving}
      onClose={onClose}
      onSubmit={save}
    >
      {editing && <TextInput label="ID" value={user._id} readOnly variant="filled" />}
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <CompanySelect label="Company" value={companyId ?? ''} onChange={(next) => setCompanyId(next || null)} clearable disabled={companyLocked} flex={1} />
        {editing && (
          <Tooltip label={companyLocked ? 'Unlock company' : 'Lock company'}>
            <ActionIcon size="lg" variant="light" onClick={() => setCompanyLocked(!companyLocked)} aria-label={companyLocked ? 'Unlock company' : 'Lock company'} mb={2}>
              {companyLocked ? <IconLock size={18} /> : <IconLockOpen size={18} />}
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="First Name" {...bind('firstName')} />
        <TextInput label="Last Name" {...bind('lastName')} />
      </SimpleGrid>
      <TextInput label="Email" type="email" {...bind('emailAddress')} />
      <Autocomplete
        label="Role"
        description="admin, member or superadmin, or type any other role for a plain company user"
        data={[...SUGGESTED_ROLES]}
        value={values.role}
        onChange={(role) => setValues((current) => ({ ...current, role }))}
      />
      <Checkbox label="Approved" checked={approved} onChange={(event) => setApproved(event.currentTarget.checked)} />
    </RecordDialog>
  );
}
