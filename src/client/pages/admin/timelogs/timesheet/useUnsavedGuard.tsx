import { useWindowEvent } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { ConfirmDialog } from '../../../../components/records/index.js';

export const DISCARD_TITLE = 'Discard unsaved hours?';

/**
 * Holds back a change of company or week, or a link to another screen, while the sheet has hours
 * typed and not saved, until the user chooses to discard them; closing or reloading the tab asks
 * the browser's own question. (wouter has no navigation blocker, so links are caught on click.)
 */
export function useUnsavedGuard() {
  const [unsaved, setUnsaved] = useState(false);
  const [held, setHeld] = useState<{ change: () => void } | null>(null);
  useWindowEvent('beforeunload', (event) => {
    if (unsaved) event.preventDefault();
  });
  const [, navigate] = useLocation();
  useEffect(() => {
    if (!unsaved) return;
    const holdLink = (event: MouseEvent) => {
      const href = inAppLinkOf(event);
      if (href === null) return;
      // before the link's own handler, which the router listens with
      event.preventDefault();
      event.stopPropagation();
      setHeld({ change: () => navigate(href) });
    };
    window.addEventListener('click', holdLink, true);
    return () => window.removeEventListener('click', holdLink, true);
  }, [unsaved, navigate]);
  const guard = (change: () => void) => (unsaved ? setHeld({ change }) : change());
  const discard = () => {
    held?.change();
    setHeld(null);
    setUnsaved(false);
  };
  const dialog = (
    <ConfirmDialog
      opened={held !== null}
      title={DISCARD_TITLE}
      message="The hours typed into this sheet are not saved. Discard them and go on?"
      confirmLabel="Discard"
      confirmColor="red"
      onConfirm={discard}
      onClose={() => setHeld(null)}
    />
  );
  return { setUnsaved, guard, dialog };
}

/** Where a plain click on a link to another screen of the app goes; null for any other click. */
function inAppLinkOf(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self') || link.hasAttribute('download')) return null;
  if (link.origin !== window.location.origin) return null;
  const href = `${link.pathname}${link.search}${link.hash}`;
  return href === `${window.location.pathname}${window.location.search}${window.location.hash}` ? null : href;
}
