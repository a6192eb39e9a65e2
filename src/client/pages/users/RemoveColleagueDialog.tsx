import type { CompanyUserDto } from '../../../shared/users.js';
import { ConfirmAction } from '../../components/records/index.js';
import { toastDone } from '../../lib/toast.js';
import { trpc } from '../../trpc.js';

/** Asks before removing a colleague, naming them; their sessions end with the account. */
export function RemoveColleagueDialog({ user, onClose }: { user: CompanyUserDto; onClose: () => void }) {
  const utils = trpc.useUtils();
  const name = `${user.firstName} ${user.lastName}`;
  const remove = trpc.users.remove.useMutation({
    onSuccess: async () => {
      toastDone(`${name} removed`);
      await utils.users.list.invalidate();
    },
  });
  return (
    <ConfirmAction
      mutation={remove}
      input={{ id: user._id }}
      onClose={onClose}
      title="Remove user"
      message={`Remove ${name} (${user.emailAddress}) from your company? They will no longer be able to sign in.`}
      confirmLabel="Remove"
      confirmColor="red"
    />
  );
}
