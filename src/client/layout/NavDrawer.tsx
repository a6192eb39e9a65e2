import { Drawer, NavLink, Stack } from '@mantine/core';
import { Link } from 'wouter';
import { Logo } from '../components/Logo.js';
import { isActive, type NavItem } from './navigation.js';

/** The navigation on small screens, behind the header's burger. */
export function NavDrawer({ opened, onClose, items, location }: { opened: boolean; onClose: () => void; items: NavItem[]; location: string }) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={<Logo size={28} />}
      closeButtonProps={{ 'aria-label': 'Close navigation' }}
      size={280}
      hiddenFrom="md"
    >
      <Stack component="nav" aria-label="Main" gap={2}>
        {items.map((item) => (
          <NavLink key={item.to} component={Link} href={item.to} label={item.label} active={isActive(item, location)} onClick={onClose} />
        ))}
      </Stack>
    </Drawer>
  );
}
