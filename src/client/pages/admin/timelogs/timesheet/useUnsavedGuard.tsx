import { useWindowEvent } from '@mantine/hooks';
import { useState } from 'react';
import { ConfirmDialog } from '../../../../components/admin-list/index.js';

export const DISCARD_TITLE = 'Discard unsaved hours?';

/**
 * Holds back a change of company or week while the sheet has hours typed and not saved, until the
 * user chooses to discard them; closing or reloading the tab asks the browser's own question.
 */
export function useUnsavedGuard() {
  const [unsaved, setUnsaved] = useState(false);
  const [held, setHeld] = useState<{ change: () => void } | null>(null);
  useWindowEvent('beforeunload', (event) => {
    if (unsaved) event.preventDefault();
  });
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
