import { ActionIcon, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

/** An icon button in a list row, named for screen readers and explained on hover. */
export function RowAction({ label, onClick, children, color, disabled }: { label: string; onClick: () => void; children: ReactNode; color?: string; disabled?: boolean }) {
  return (
    <Tooltip label={label} withinPortal>
      <ActionIcon variant="subtle" color={color} onClick={onClick} aria-label={label} disabled={disabled}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
