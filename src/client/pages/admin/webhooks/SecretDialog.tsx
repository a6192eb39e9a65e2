import { Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/**
 * An endpoint's signing secret, just made or replaced: shown this once (the server never answers it
 * again), with a button that copies it.
 */
export function SecretDialog({ url, secret, onClose }: { url: string; secret: string; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title="Signing Secret" size="lg" closeOnClickOutside={false} centered>
      <Stack gap="md">
        <Text size="sm">
          Deliveries to {url} are signed with this secret (Standard Webhooks). Copy it to the receiver now: it is not shown again. If it is lost, rotate the secret.
        </Text>
        <Code block aria-label="Signing secret" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {secret}
        </Code>
        <Group justify="space-between">
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button variant="default" leftSection={copied ? <IconCheck size={16} aria-hidden="true" /> : <IconCopy size={16} aria-hidden="true" />} onClick={copy}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>I Have Saved It</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
