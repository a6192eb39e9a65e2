import { ActionIcon, Box, Button, Tooltip } from '@mantine/core';
import { createContext, useContext, type ReactNode } from 'react';

/** How a row's actions look: icons in a table row, labelled buttons at the foot of a phone card. */
export type RowActionLook = 'icon' | 'button';
export const RowActionLookContext = createContext<RowActionLook>('icon');

type RowActionProps = { label: string; onClick: () => void; children: ReactNode; color?: string; disabled?: boolean };

/** A row's action: an icon named for screen readers and explained on hover, or a labelled button in a card. */
export function RowAction({ label, onClick, children, color, disabled }: RowActionProps) {
  const look = useContext(RowActionLookContext);
  if (look === 'button') {
    // A plain button with the colour on its icon only: coloured label text on a tinted button falls under 4.5:1.
    const icon = (
      <Box component="span" c={disabled ? undefined : color} display="inline-flex">
        {children}
      </Box>
    );
    return (
      <Button variant="default" size="xs" leftSection={icon} onClick={onClick} disabled={disabled}>
        {label}
      </Button>
    );
  }
  return (
    <Tooltip label={label} withinPortal>
      <ActionIcon variant="subtle" color={color} onClick={onClick} aria-label={label} disabled={disabled}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
