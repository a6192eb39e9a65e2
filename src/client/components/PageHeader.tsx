import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page's title (the document title too) and optional subtitle. */
export function PageHeader({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children?: ReactNode }) {
  return (
    <Stack gap={4} mb="lg">
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {title}
      </Title>
      {subtitle && <Text c="dimmed">{subtitle}</Text>}
      {children}
    </Stack>
  );
}
