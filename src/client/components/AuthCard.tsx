import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from '../lib/usePageTitle.js';

/** The centred card the signed-out screens share. */
export function AuthCard({ title, subtitle, width = 440, children }: { title: string; subtitle?: ReactNode; width?: number; children: ReactNode }) {
  usePageTitle(title);
  return (
    <Center py={{ base: 'md', sm: 40 }}>
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={width}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} fz={26}>
              {title}
            </Title>
            {subtitle && (
              <Text c="dimmed" size="sm">
                {subtitle}
              </Text>
            )}
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
