import { Box, Button, Menu, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useContext, type ReactNode } from 'react';
import { RowAction, RowActionLookContext } from './RowAction.js';

export type RowMenuItem = {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  color?: string;
  disabled?: boolean;
  /** Why the item is disabled (or what it does), under its label. */
  hint?: string;
};

type RowMenuProps = {
  /** Names the row for screen readers: 'Actions for Acme Ltd'. */
  rowName: string;
  items: RowMenuItem[];
};

/**
 * A row's actions by name: in a table a labelled 'Actions' button opening a menu of labelled items,
 * on a phone card the same actions as labelled buttons. For rows whose actions an icon cannot tell apart.
 */
export function RowMenu({ rowName, items }: RowMenuProps) {
  const look = useContext(RowActionLookContext);
  if (look === 'button') {
    return (
      <>
        {items.map((item) => (
          <RowAction key={item.label} label={item.label} onClick={item.onClick} color={item.color} disabled={item.disabled}>
            {item.icon}
          </RowAction>
        ))}
      </>
    );
  }
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={300}>
      <Menu.Target>
        <Button variant="default" size="xs" rightSection={<IconChevronDown size={14} />} aria-label={`Actions for ${rowName}`}>
          Actions
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {items.map((item) => (
          <Menu.Item
            key={item.label}
            leftSection={
              <Box component="span" c={item.disabled ? undefined : item.color} display="inline-flex">
                {item.icon}
              </Box>
            }
            onClick={item.onClick}
            disabled={item.disabled}
          >
            {item.label}
            {item.hint && (
              <Text size="xs" c="dimmed">
                {item.hint}
              </Text>
            )}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
