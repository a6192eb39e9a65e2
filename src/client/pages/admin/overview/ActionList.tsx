import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './OverviewPage.module.css';

export type ActionListItem = {
  key: string;
  /** What the row says: a few lines of text, wrapping rather than widening the card. */
  content: ReactNode;
  /** The row's one action: its short label, its name for screen readers (naming the row), and what it does. */
  action: { label: string; name: string; onClick: () => void };
};

/** An overview card's list of things waiting for the provider, each with its action beside it. */
export function ActionList({ items }: { items: ActionListItem[] }) {
  return (
    <ul className={classes.list}>
      {items.map(({ key, content, action }) => (
        <li key={key}>
          <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <div className={classes.wrap}>{content}</div>
            <Button size="xs" variant="default" flex="none" onClick={action.onClick} aria-label={action.name}>
              {action.label}
            </Button>
          </Group>
        </li>
      ))}
    </ul>
  );
}
