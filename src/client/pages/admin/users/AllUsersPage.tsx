import { IconEdit, IconMailForward, IconShieldOff, IconTrash, IconUserCheck } from '@tabler/icons-react';
import { keepPreviousData } from '@tanstack/react-query';
import { AWAITING_APPROVAL, type UserDto, type UserSortKey } from '../../../../shared/users.js';
import { AdminList, ConfirmAction, FilterSwitch, OneRowNotice, RowAction, deleteConfirmation, useAdminList, useDialog, listCache } from '../../../components/records/index.js';
import { useSession } from '../../../session.js';
import { trpc } from '../../../trpc.js';
import { UserDialog } from './UserDialog.js';
import { userColumns } from './userColumns.js';
import { toastDone } from '../../../lib/toast.js';
import { toastApproved } from './approvedToast.js';

type UserAction = { kind: keyof typeof confirmations; user: UserDto };


const confirmations = {
  delete: deleteConfirmation('User'),
  activate: { title: 'Confirm Activate and Send Email', message: 'Approve this user and email them that their account is active?', confirmLabel: 'Activate and Send Email' },
  setPassword: { title: 'Confirm Send Set Password Email', message: 'Email this user a link to set their password (valid 7 days)?', confirmLabel: 'Send Email' },
  resetTwoFactor: {
    title: 'Confirm Reset Two-Factor Sign-In',
    message: 'Turn off two-factor sign-in for this user, sign them out everywhere and email them? Do this only for a user who has lost both their phone and their recovery codes.',
    confirmLabel: 'Reset Two-Factor Sign-In',
    confirmColor: 'red',
  },
};

export function AllUsersPage() {
  const utils = trpc.useUtils();
  const list = useAdminList<UserSortKey, { awaitingApproval: boolean; id: string }>({
    defaultSort: { key: 'createdAt', direction: 'desc' },
    filters: { awaitingApproval: false, id: '' },
    filtersInAddress: true,
  });
  const users = trpc.superadmin.users.list.useQuery(list.query, { placeholderData: keepPreviousData });
  const editor = useDialog<Partial<UserDto>>();
  const actions = useDialog<UserAction>();

  const { save: replaceRow, remove: removeRow } = listCache(utils.superadmin.users.list, list.query);

  const ownUserId = useSession()?.user.userId;

  const action = actions.target;
  const mutations = {
    delete: trpc.superadmin.users.delete.useMutation({ onSuccess: (_result, { id }) => removeRow(id) }),
    activate: trpc.superadmin.users.activate.useMutation({
      onSuccess: (saved) => {
        replaceRow(saved);
        toastApproved(saved);
      },
    }),
    setPassword: trpc.superadmin.users.sendSetPassword.useMutation(),
    resetTwoFactor: trpc.superadmin.users.resetTwoFactor.useMutation({
      onSuccess: (result) => {
        if (action) replaceRow({ ...action.user, twoFactorEnabled: false });
        toastDone('Two-factor sign-in reset', result.message);
      },
    }),
  };

  return (
    <>
      <AdminList
        exportList="users"
        title="Users"
        list={list}
        query={users}
        columns={userColumns}
        rowKey={(user) => user._id}
        emptyText="No Users Found"
        companyFilter
        notice={list.filters.id && <OneRowNotice noun="user" onShowAll={() => list.setFilters({ ...list.filters, id: '' })} />}
        filters={
          <FilterSwitch
            label={`${AWAITING_APPROVAL} only`}
            checked={list.filters.awaitingApproval}
            onChange={(awaitingApproval) => list.setFilters({ ...list.filters, awaitingApproval })}
          />
        }
        onAdd={() => editor.open({})}
        addLabel="Add User"
        emptyHint="Users appear when customers sign up or a company admin invites a colleague; you approve each one. You can also add one yourself."
        emptyAction="Add your first user"
        actions={(user) => (
          <>
            <RowAction label="Edit User" onClick={() => editor.open(user)}>
              <IconEdit size={18} />
            </RowAction>
            <RowAction label="Delete User" color="red" onClick={() => actions.open({ kind: 'delete', user })}>
              <IconTrash size={18} />
            </RowAction>
            <RowAction label="Activate and Send Email" color="green" onClick={() => actions.open({ kind: 'activate', user })}>
              <IconUserCheck size={18} />
            </RowAction>
            <RowAction label="Send Set Password Email" onClick={() => actions.open({ kind: 'setPassword', user })}>
              <IconMailForward size={18} />
            </RowAction>
            {/* Only where there is a second factor to reset; one's own is turned off on My Account. */}
            {user.twoFactorEnabled && user._id !== ownUserId && (
              <RowAction label="Reset Two-Factor Sign-In" onClick={() => actions.open({ kind: 'resetTwoFactor', user })}>
                <IconShieldOff size={18} />
              </RowAction>
            )}
          </>
        )}
      />
      {editor.target && (
        <UserDialog user={editor.target} defaultCompanyId={list.companyId} onClose={editor.close} onSaved={(saved) => (replaceRow(saved), editor.close())} />
      )}
      {action && (
        <ConfirmAction
          {...confirmations[action.kind]}
          message={`${confirmations[action.kind].message} (${action.user.firstName} ${action.user.lastName}, ${action.user.emailAddress})`}
          mutation={mutations[action.kind]}
          input={{ id: action.user._id }}
          onClose={actions.close}
        />
      )}
    </>
  );
}
