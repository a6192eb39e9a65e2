import { Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { FormMessage } from '../../components/FormMessage.js';
import { useFieldValues } from '../../lib/useFieldValues.js';
import { errorText, trpc } from '../../trpc.js';
import { toastDone } from '../../lib/toast.js';

type PasswordFields = { currentPassword: string; newPassword: string; confirmPassword: string };
const emptyFields: PasswordFields = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Every field filled in, then new and confirmation equal. */
export function passwordProblem(fields: PasswordFields): string | null {
  if (!fields.currentPassword || !fields.newPassword || !fields.confirmPassword) return 'Please fill out all the fields.';
  if (fields.newPassword !== fields.confirmPassword) return 'Passwords do not match.';
  return null;
}

export function PasswordCard() {
  const [unlocked, setUnlocked] = useState(false);
  const { values: fields, setValues: setFields, bind: field } = useFieldValues(emptyFields);
  const [problem, setProblem] = useState<string | null>(null);
  const change = trpc.account.changePassword.useMutation({
    onSuccess: (result) => {
      setFields(emptyFields);
      setProblem(null);
      setUnlocked(false);
      toastDone(result.message);
    },
  });


  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = passwordProblem(fields);
    setProblem(found);
    if (found) return;
    change.mutate({ currentPassword: fields.currentPassword, newPassword: fields.newPassword });
  };

  const lock = () => {
    setFields(emptyFields);
    setProblem(null);
    change.reset();
    setUnlocked(false);
  };

  const error = problem ?? (change.isError ? errorText(change.error, 'Your password could not be changed.') : null);

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="password-card-title">
      <Title order={2} fz="h3" id="password-card-title" mb="xs">
        Reset Password
      </Title>
      {!unlocked ? (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            Changing your password signs you out everywhere else.
          </Text>
          <Button variant="light" onClick={() => setUnlocked(true)}>
            Change Your Password
          </Button>
        </Group>
      ) : (
        <form onSubmit={submit}>
          <Stack gap="md">
            <PasswordInput label="Current Password" autoComplete="current-password" {...field('currentPassword')} />
            <PasswordInput label="New Password" autoComplete="new-password" {...field('newPassword')} />
            <PasswordInput label="Confirm Password" autoComplete="new-password" {...field('confirmPassword')} />
            <FormMessage error={error} />
            <Group justify="flex-end">
              <Button variant="default" onClick={lock} disabled={change.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={change.isPending}>
                Reset Password
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Card>
  );
}
