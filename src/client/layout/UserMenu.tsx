import { Button, Menu } from '@mantine/core';
import { useLocation } from 'wouter';
import { useSignOut } from '../lib/useSignOut.js';
import type { Session } from '../session.js';

export function UserMenu({ session }: { session: Session }) {
  const [, navigate] = useLocation();
  const signOut = useSignOut();
  return (
    <Menu position="bottom-end" shadow="md" width={200} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button variant="subtle" color="white" rightSection={<Chevron />} aria-label={`Account menu for ${session.user.name}`}>
          {session.user.name}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => navigate('/profile')}>My account</Menu.Item>
        <Menu.Item onClick={() => void signOut()}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function Chevron() {
  return (
    <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
      <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}
