import { SimpleGrid, Text, TextInput } from '@mantine/core';
import { FormDialog, failureText, serverFieldErrors } from '../../components/records/index.js';
import { EmailInput } from '../../components/EmailInput.js';
import { toastDone } from '../../lib/toast.js';
import { useFieldValues } from '../../lib/useFieldValues.js';
import { trpc } from '../../trpc.js';

const EMPTY = { firstName: '', lastName: '', emailAddress: '' };
type Field = keyof typeof EMPTY;

/** A company admin invites a colleague; the provider approves them as a sign-up, then they get a set-password email. */
export function InviteColleagueDialog({ onClose }: { onClose: () => void }) {
  const utils = trpc.useUtils();
  const { values, bind } = useFieldValues(EMPTY);
  const invite = trpc.users.invite.useMutation({
    onSuccess: async (user) => {
      toastDone(`${user.firstName} ${user.lastName} invited`, "They can sign in once the provider approves them; they will get an email to choose a password.");
      onClose();
      await utils.users.list.invalidate();
    },
  });
  const fieldErrors = serverFieldErrors(invite.error);
  const field = (name: Field) => ({ ...bind(name), error: fieldErrors[name] });
  const onFields = Object.keys(fieldErrors).length > 0;
  return (
    <FormDialog
      opened
      title="Invite a colleague"
      submitLabel="Invite"
      submitting={invite.isPending}
      error={invite.isError && !onFields ? failureText(invite.error) : null}
      onClose={onClose}
      onSubmit={() => invite.mutate(values)}
    >
      <Text size="sm" c="dimmed">
        Your colleague joins your company once the provider approves the account. An address that
        already has an account is not added again; its owner is told by email instead.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="First Name" autoComplete="off" data-autofocus {...field('firstName')} />
        <TextInput label="Last Name" autoComplete="off" {...field('lastName')} />
      </SimpleGrid>
      <EmailInput label="Email Address" autoComplete="off" {...field('emailAddress')} />
    </FormDialog>
  );
}
