import { Button, Card, Group, PasswordInput, SimpleGrid, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { isNewEmailAddress, type Profile } from '../../../shared/account.js';
import { EMAIL_PATTERN } from '../../../shared/validation.js';
import { FormMessage } from '../../components/FormMessage.js';
import { serverFieldErrors } from '../../components/records/index.js';
import { renameSessionUser } from '../../session.js';
import { useFieldValues } from '../../lib/useFieldValues.js';
import { errorText, trpc } from '../../trpc.js';
import { toastDone } from '../../lib/toast.js';

type ProfileFields = Pick<Profile, 'firstName' | 'lastName' | 'emailAddress'>;

/** The form: the profile's fields, and the current password a new email address needs. */
type FormFields = ProfileFields & { currentPassword: string };

const editableFields = ({ firstName, lastName, emailAddress }: ProfileFields): FormFields => ({
  firstName,
  lastName,
  emailAddress,
  currentPassword: '',
});

const INVALID_PROFILE = 'Fill out all fields and ensure the email address is valid.';

/** All three filled in, and the email of the form text@text.text. */
export function profileProblem(fields: ProfileFields): string | null {
  const filled = fields.firstName.trim() && fields.lastName.trim() && fields.emailAddress.trim();
  return filled && EMAIL_PATTERN.test(fields.emailAddress.trim()) ? null : INVALID_PROFILE;
}

export function ProfileCard({ profile }: { profile: Profile }) {
  const utils = trpc.useUtils();
  const [editing, setEditing] = useState(false);
  const { values: fields, setValues: setFields, bind } = useFieldValues(editableFields(profile));
  const [problem, setProblem] = useState<string | null>(null);
  const update = trpc.account.updateProfile.useMutation({
    onSuccess: (saved) => {
      utils.account.profile.setData(undefined, saved);
      renameSessionUser(`${saved.firstName} ${saved.lastName}`);
      setFields(editableFields(saved));
      setEditing(false);
      toastDone('Your profile has been saved.');
    },
  });

  const field = (name: keyof FormFields) => ({
    ...bind(name),
    readOnly: !editing,
    variant: editing ? 'default' : 'filled',
  });

  const startEditing = () => {
    update.reset();
    setProblem(null);
    setEditing(true);
  };

  const cancel = () => {
    setFields(editableFields(profile));
    setProblem(null);
    update.reset();
    setEditing(false);
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const found = profileProblem(fields);
    setProblem(found);
    if (found) return;
    const { currentPassword, ...profileFields } = fields;
    update.mutate(emailChanges ? { ...profileFields, currentPassword } : profileFields);
  };

  const emailChanges = editing && isNewEmailAddress(profile.emailAddress, fields.emailAddress);
  const passwordError = serverFieldErrors(update.error).currentPassword;
  const error =
    problem ?? (update.isError && !passwordError ? errorText(update.error, 'Your profile could not be saved.') : null);

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="profile-card-title">
      <form onSubmit={save} noValidate>
        <Group justify="space-between" mb="md">
          <Title order={2} fz="h3" id="profile-card-title">
            Profile
          </Title>
          {profile.company && (
            <Text size="sm" c="dimmed">
              {profile.company.companyName}
            </Text>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} mb="md">
          <TextInput label="First Name" autoComplete="given-name" {...field('firstName')} />
          <TextInput label="Last Name" autoComplete="family-name" {...field('lastName')} />
        </SimpleGrid>
        <TextInput label="Email Address" type="email" autoComplete="email" mb="md" {...field('emailAddress')} />
        {emailChanges && (
          <PasswordInput
            label="Current Password"
            description="Needed to change your email address."
            autoComplete="current-password"
            mb="md"
            error={passwordError}
            {...bind('currentPassword')}
          />
        )}
        <FormMessage error={error} />
        <Group justify="flex-end" mt="md">
          {editing ? (
            <>
              <Button variant="default" onClick={cancel} disabled={update.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={update.isPending}>
                Save
              </Button>
            </>
          ) : (
            <Button onClick={startEditing}>Edit</Button>
          )}
        </Group>
      </form>
    </Card>
  );
}
