import { Button, Card, Group, Stack, ThemeIcon, Title, type MantineColor } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';
import { useId } from 'react';
import { Link } from 'wouter';

type DashboardCardProps = {
  title: string;
  /** A Tabler icon, drawn in a round tinted badge beside the title. */
  icon: ComponentType<{ size?: number }>;
  /** The badge's colour; the brand's when left out. */
  iconColor?: MantineColor;
  /** The button at the foot of the card, leading to the full screen. */
  action: { label: string; href: string };
  children: ReactNode;
};

/** One dashboard card: a titled region, its content, and a button to the matching screen. */
export function DashboardCard({ title, icon: Icon, iconColor, action, children }: DashboardCardProps) {
  const titleId = useId();
  return (
    <Card withBorder radius="md" padding="lg" shadow="xs" component="section" aria-labelledby={titleId}>
      <Stack gap="md" h="100%">
        <Group gap="xs" wrap="nowrap">
          <ThemeIcon variant="light" color={iconColor} radius="xl" size="lg" aria-hidden="true">
            <Icon size={20} />
          </ThemeIcon>
          <Title order={2} fz="h4" id={titleId}>
            {title}
          </Title>
        </Group>
        <Stack gap="sm" flex={1}>
          {children}
        </Stack>
        <Group justify="flex-end">
          <Button component={Link} href={action.href} variant="light">
            {action.label}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
