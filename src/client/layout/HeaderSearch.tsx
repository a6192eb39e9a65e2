import { Button } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { lazyPart } from '../lib/lazyNamed.js';

const loadPalette = () => import('./SearchPalette.js');
// The palette (and @mantine/spotlight) loads the first time it opens, not with the page.
const SearchPalette = lazyPart(loadPalette, 'SearchPalette');

/** Where the shortcut is read on this machine: Cmd on a Mac, Ctrl elsewhere. */
const onMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
export const SEARCH_SHORTCUT_TEXT = onMac ? '⌘K' : 'Ctrl K';

/**
 * The super-admin's Search button in the header, and its shortcut (Ctrl-K, Cmd-K on a Mac), which
 * works from any back-office screen, in a field too.
 */
export function HeaderSearch() {
  const [wanted, setWanted] = useState(false);
  const open = () => {
    setWanted(true);
    void loadPalette().then(({ palette }) => palette.open());
  };
  useHotkeys([['mod+K', open]], []);
  return (
    <>
      <Button
        variant="subtle"
        color="white"
        onClick={open}
        leftSection={<IconSearch size={18} aria-hidden />}
        aria-keyshortcuts={onMac ? 'Meta+K' : 'Control+K'}
        aria-haspopup="dialog"
        title={`Search (${SEARCH_SHORTCUT_TEXT})`}
        px="xs"
      >
        Search
      </Button>
      {wanted && <SearchPalette />}
    </>
  );
}
