import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { dateText } from '../../../shared/dates.js';
import { trpc } from '../../trpc.js';
import { RecoveryCodes, TwoFactorEnrol } from './TwoFactorEnrol.js';
import { TwoFactorDisable } from './TwoFactorDisable.js';
import { TwoFactorPolicySwitch } from './TwoFactorPolicySwitch.js';

type Mode = 'idle' | 'enrolling' | 'disabling';

/** My Account's "Two-factor sign-in" section: set it up, see the recovery codes once, turn it off. */
export function TwoFactorCard({ isSuperAdmin }: { isSuperAdmin: boolean }) {
  const status = trpc.twoFactor.status.useQuery();
  const [mode, setMode] = useState<Mode>('idle');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  const enrolled = (codes: string[]) => {
    setRecoveryCodes(codes);
    setMode('idle');
  };
  const disabled = () => setMode('idle');

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="two-factor-card-title">
      <Title order={2} fz="h3" id="two-factor-card-title" mb="xs">
        Two-factor sign-in
      </Title>
      {status.isPending || !status.data ? (
        <Loader size="sm" aria-label="Loading two-factor sign-in" />
      ) : (
        <Stack gap="md">
          {status.data.required && !status.data.enabled && (
            <Alert color="orange" variant="light" role="alert">
              Two-factor sign-in is required for super-admins. Set it up before using the back office.
            </Alert>
          )}
          {recoveryCodes ? (
            <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
          ) : mode === 'enrolling' ? (
            <TwoFactorEnrol onEnrolled={enrolled} onCancel={() => setMode('idle')} />
          ) : mode === 'disabling' ? (
            <TwoFactorDisable onDisabled={disabled} onCancel={() => setMode('idle')} />
          ) : status.data.enabled ? (
            <Group justify="space-between">
              <Text size="sm">
                On since {status.data.enabledAt ? dateText(status.data.enabledAt) : 'today'}. {status.data.recoveryCodesLeft} of your
                recovery codes are unused.
              </Text>
              <Button variant="light" color="red" onClick={() => setMode('disabling')} disabled={status.data.required}>
                Turn Off
              </Button>
              {status.data.required && (
                <Text size="sm" c="dimmed" w="100%">
                  Required for super-admins: yours stays on while the requirement below is switched on.
                </Text>
              )}
            </Group>
          ) : (
            <Group justify="space-between">
              <Text size="sm" c="dimmed" maw={440}>
                Ask for a code from an authenticator app on your phone each time you sign in, as well as your password.
              </Text>
              <Button variant="light" onClick={() => setMode('enrolling')}>
                Set Up
              </Button>
            </Group>
          )}
          {/* Shown before setting it up too: turning the requirement on then says why it cannot be yet.
              A new key after setting it up or turning it off clears that message. */}
          {isSuperAdmin && <TwoFactorPolicySwitch key={String(status.data.enabled)} />}
        </Stack>
      )}
    </Card>
  );
}
