import { Switch } from '@mantine/core';
import { FormMessage } from '../../components/FormMessage.js';
import { errorText, trpc } from '../../trpc.js';
import { toastDone } from '../../lib/toast.js';

/** The super-admin's switch that makes two-factor sign-in compulsory for every super-admin. */
export function TwoFactorPolicySwitch() {
  const utils = trpc.useUtils();
  const policy = trpc.twoFactor.policy.useQuery();
  const save = trpc.twoFactor.setPolicy.useMutation({
    onSuccess: (result) => {
      utils.twoFactor.policy.setData(undefined, { requireForSuperAdmins: result.requireForSuperAdmins });
      // whether this super-admin may turn their own off follows the policy
      void utils.twoFactor.status.invalidate();
      toastDone(result.message);
    },
  });
  if (!policy.data) return null;
  return (
    <>
      <Switch
        label="Require two-factor sign-in for all super-admins"
        description="Super-admins without it are asked to set it up before they can use the back office."
        checked={policy.data.requireForSuperAdmins}
        disabled={save.isPending}
        onChange={(event) => save.mutate({ requireForSuperAdmins: event.currentTarget.checked })}
      />
      <FormMessage error={save.isError ? errorText(save.error, 'The policy could not be saved.') : null} />
    </>
  );
}
