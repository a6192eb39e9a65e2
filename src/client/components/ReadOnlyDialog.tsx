import { Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/** A dialog that only shows something (a History): its content, and a Close button below it. */
export function ReadOnlyDialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  return (
    <Modal opened onClose={onClose} title={title} size="xl" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="md">
        {children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
