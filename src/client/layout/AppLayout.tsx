import { Anchor, Box, Burger, Container, Group, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { Logo } from '../components/Logo.js';
import { lazyPart } from '../lib/lazyNamed.js';
import { useSession } from '../session.js';
import { trpc } from '../trpc.js';
import classes from './AppLayout.module.css';
import { HeaderSearch } from './HeaderSearch.js';
import { isActive, navigationFor } from './navigation.js';

// Menus and drawers (with their popover and focus-trap code) load when first needed, which keeps
// them out of the signed-out pages' first load.
const UserMenu = lazyPart(() => import('./UserMenu.js'), 'UserMenu');
const NavDrawer = lazyPart(() => import('./NavDrawer.js'), 'NavDrawer');

/** Header, navigation (a drawer on small screens), page and footer around every route. */
export function AppLayout({ children }: { children: ReactNode }) {
  const session = useSession();
  const [location] = useLocation();
  const [drawerOpen, drawer] = useDisclosure(false);
  const [drawerWanted, setDrawerWanted] = useState(false);
  const items = navigationFor(session);
  const showLogo = location !== '/' && location !== '/dashboard';

  return (
    <Box className={classes.shell}>
      <a href="#main" className={classes.skipLink}>
        Skip to content
      </a>
      <Box component="header" className={classes.header}>
        <Container size="xl" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Group gap="md" wrap="nowrap">
              <Burger
                opened={drawerOpen}
                onClick={() => {
                  setDrawerWanted(true);
                  drawer.toggle();
                }}
                hiddenFrom="md"
                color="white"
                aria-label="Open navigation"
              />
              {showLogo && (
                <Anchor component={Link} href="/" visibleFrom="md" aria-label="Hourbank home" underline="never">
                  <Logo inverted size={34} />
                </Anchor>
              )}
              <Group component="nav" aria-label="Main" gap={4} visibleFrom="md" wrap="nowrap">
                {items.map((item) => (
                  <UnstyledButton
                    key={item.to}
                    component={Link}
                    href={item.to}
                    className={classes.navLink}
                    data-active={isActive(item, location) || undefined}
                    aria-current={isActive(item, location) ? 'page' : undefined}
                  >
                    {item.label}
                  </UnstyledButton>
                ))}
              </Group>
            </Group>
            <Group gap={4} wrap="nowrap">
              {session?.isSuperAdmin && <HeaderSearch />}
              {session && <UserMenu session={session} />}
            </Group>
          </Group>
        </Container>
      </Box>

      {drawerWanted && <NavDrawer opened={drawerOpen} onClose={drawer.close} items={items} location={location} />}

      <Box component="main" id="main" className={classes.main}>
        {children}
      </Box>

      <Footer />
    </Box>
  );
}

function Footer() {
  const branding = trpc.branding.get.useQuery(undefined, { staleTime: Infinity });
  const owner = branding.data?.providerName ?? 'Hourbank';
  return (
    <Box component="footer" className={classes.footer}>
      <Text size="sm" c="dimmed" ta="center">
        © {new Date().getFullYear()} {owner}. All rights reserved.
      </Text>
    </Box>
  );
}
