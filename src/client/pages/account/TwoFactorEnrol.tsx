import { Button, Code, CopyButton, Group, Image, List, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { saveTextFile } from '../../components/downloads/saveTextFile.js';
import { useEffect, useState, type FormEvent } from 'react';
import { FormMessage } from '../../components/FormMessage.js';
import { errorText, trpc } from '../../trpc.js';

type EnrolProps = { onEnrolled: (recoveryCodes: string[]) => void; onCancel: () => void };

/**
 * Shows a fresh secret as a QR code and confirms it with the first code the app shows and the
 * password, so an open session alone cannot put in someone else's authenticator.
 */
export function TwoFactorEnrol({ onEnrolled, onCancel }: EnrolProps) {
  const begin = trpc.twoFactor.begin.useMutation();
  const enable = trpc.twoFactor.enable.useMutation({ onSuccess: (result) => onEnrolled(result.recoveryCodes) });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const { mutate: start } = begin;

  useEffect(() => start(), [start]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    enable.mutate({ password, code });
  };

  if (begin.isError) return <FormMessage error={errorText(begin.error, 'Two-factor sign-in could not be set up.')} />;
  if (!begin.data) return <Text size="sm">Preparing your QR code…</Text>;

  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        <Text size="sm">
          Scan this QR code with an authenticator app (such as Google Authenticator, 1Password or Authy). Then enter your
          password and the 6-digit code the app shows.
        </Text>
        <Image src={begin.data.qrCode} alt="QR code for your authenticator app" w={200} h={200} />
        <Text size="sm" c="dimmed">
          Cannot scan it? Enter this key in the app instead: <Code style={{ wordBreak: 'break-all' }}>{begin.data.secret}</Code>
        </Text>
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          maw={320}
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <TextInput
          label="Code from the app"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          maw={200}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <FormMessage error={enable.isError ? errorText(enable.error, 'Two-factor sign-in could not be turned on.') : null} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={enable.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={enable.isPending}>
            Turn On
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export const RECOVERY_CODES_FILE = 'hourbank-recovery-codes.txt';

/** The codes as copied or saved: a line saying what they are, then one code a line. */
export function recoveryCodesText(codes: string[]): string {
  return ['Hourbank two-factor recovery codes. Each signs you in once.', '', ...codes, ''].join('\n');
}

/** The recovery codes, shown this once: the server keeps only their hashes. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = recoveryCodesText(codes);
  return (
    <Stack gap="md">
      <FormMessage success="Two-factor sign-in is on." />
      <Text size="sm">
        Save these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They will not be
        shown again.
      </Text>
      <List aria-label="Recovery codes" listStyleType="none" spacing={4} ff="monospace" style={{ columns: 2, maxWidth: 320 }}>
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List>
      <Group justify="space-between" gap="sm">
        <Group gap="xs">
          <CopyButton value={text}>
            {({ copied, copy }) => (
              <Button variant="default" leftSection={copied ? <IconCheck size={16} aria-hidden="true" /> : <IconCopy size={16} aria-hidden="true" />} onClick={copy}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" leftSection={<IconDownload size={16} aria-hidden="true" />} onClick={() => saveTextFile(RECOVERY_CODES_FILE, text)}>
            Download (.txt)
          </Button>
        </Group>
        <Button onClick={onDone}>I Have Saved Them</Button>
      </Group>
    </Stack>
  );
}
