import { Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { FormMessage } from '../../components/FormMessage.js';
import { errorText, trpc } from '../../trpc.js';
import { toastDone } from '../../lib/toast.js';

/** Turning it off asks for the password and a code, so an open session alone cannot. */
export function TwoFactorDisable({ onDisabled, onCancel }: { onDisabled: () => void; onCancel: () => void }) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const disable = trpc.twoFactor.disable.useMutation({
    onSuccess: (result) => {
      toastDone(result.message);
      onDisabled();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    disable.mutate({ password, code });
  };

  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        <PasswordInput label="Password" autoComplete="current-password" required value={password} onChange={(event) => setPassword(event.currentTarget.value)} />
        <TextInput
          label="Code from your authenticator app, or a recovery code"
          autoComplete="one-time-code"
          required
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <FormMessage error={disable.isError ? errorText(disable.error, 'Two-factor sign-in could not be turned off.') : null} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={disable.isPending}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={disable.isPending}>
            Turn Off
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
