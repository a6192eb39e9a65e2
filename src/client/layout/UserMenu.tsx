import { Button, Menu, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { useLocation } from 'wouter';
import { useSignOut } from '../lib/useSignOut.js';
import type { Session } from '../session.js';

const SCHEMES: { value: MantineColorScheme; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'auto', label: 'Follow the system' },
];

export function UserMenu({ session }: { session: Session }) {
  const [, navigate] = useLocation();
  const signOut = useSignOut();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <Menu position="bottom-end" shadow="md" width={200} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button variant="subtle" color="white" rightSection={<Chevron />} aria-label={`Account menu for ${session.user.name}`}>
          {session.user.name}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => navigate('/profile')}>My account</Menu.Item>
        {session.isSuperAdmin && <Menu.Item onClick={() => navigate('/settings')}>Settings</Menu.Item>}
        {session.isSuperAdmin && <Menu.Item onClick={() => navigate('/auditlog')}>Audit Log</Menu.Item>}
        {session.isSuperAdmin && <Menu.Item onClick={() => navigate('/webhooks')}>Webhooks</Menu.Item>}
        <Menu.Divider />
        <Menu.Label>Appearance</Menu.Label>
        {SCHEMES.map(({ value, label }) => (
          <Menu.Item
            key={value}
            ref={asRadio}
            aria-checked={colorScheme === value}
            leftSection={<Check shown={colorScheme === value} />}
            onClick={() => setColorScheme(value)}
          >
            {label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item onClick={() => void signOut()}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** Mantine's Menu.Item always renders role="menuitem"; a choice of one is a menuitemradio (with aria-checked). */
const asRadio = (item: HTMLElement | null) => item?.setAttribute('role', 'menuitemradio');

function Check({ shown }: { shown: boolean }) {
  return (
    <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" style={{ visibility: shown ? 'visible' : 'hidden' }}>
      <path d="M2 7.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="1.8" />
    </svg>
  );
}

function Chevron() {
  return (
    <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
      <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}
