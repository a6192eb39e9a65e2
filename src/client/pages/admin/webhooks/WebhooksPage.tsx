import { Alert, Badge, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { dateTimeText } from '../../../../shared/dates.js';
import { countText } from '../../../../shared/format.js';
import type { CreatedWebhookEndpointDto, WebhookEndpointListItemDto } from '../../../../shared/webhooks.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { StatusBadge } from '../../../components/StatusBadge.js';
import { ConfirmAction, deleteConfirmation, failureText, useDialog } from '../../../components/records/index.js';
import { toastDone, toastFailed } from '../../../lib/toast.js';
import { trpc } from '../../../trpc.js';
import { DeliveryLog, WAITING_REFRESH_MS } from './DeliveryLog.js';
import { EndpointDialog } from './EndpointDialog.js';
import { SecretDialog } from './SecretDialog.js';

/**
 * Webhooks (/webhooks, super-admin): the endpoints events are posted to, each with its switch, its
 * newest delivery and its actions, and the delivery log of the one chosen. A secret shows once,
 * when the endpoint is made or its secret replaced.
 */
export function WebhooksPage() {
  // while a newest delivery waits, the list asks again, so its outcome shows without a reload
  const endpoints = trpc.superadmin.webhooks.list.useQuery(undefined, {
    refetchInterval: (query) => (query.state.data?.some((endpoint) => endpoint.lastDelivery?.status === 'pending') ? WAITING_REFRESH_MS : false),
  });
  const editor = useDialog<Partial<WebhookEndpointListItemDto>>();
  const deleting = useDialog<WebhookEndpointListItemDto>();
  const [secret, setSecret] = useState<CreatedWebhookEndpointDto | null>(null);
  const [shownLog, setShownLog] = useState<string | null>(null);
  const remove = trpc.superadmin.webhooks.delete.useMutation({ onSuccess: () => toastDone('Endpoint deleted', deleting.target?.url) });
  const rotate = trpc.superadmin.webhooks.rotateSecret.useMutation({ onSuccess: setSecret, onError: (error) => toastFailed('Could not rotate the secret', failureText(error)) });
  const sendTest = trpc.superadmin.webhooks.sendTest.useMutation({
    onSuccess: (_delivery, { id }) => {
      toastDone('Test event queued', 'Its delivery shows in the log.');
      setShownLog(id);
    },
    onError: (error) => toastFailed('Could not send a test event', failureText(error)),
  });

  return (
    <>
      <PageHeader title="Webhooks" subtitle="Events posted to your own systems as they happen, signed per Standard Webhooks and retried for a day." />
      <Group justify="flex-end" mb="md">
        <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => editor.open({})}>
          Add Endpoint
        </Button>
      </Group>
      {endpoints.isError && (
        <Alert color="red" title="Error" role="alert" mb="md">
          {failureText(endpoints.error)}
        </Alert>
      )}
      {endpoints.isPending && (
        <Center p="xl">
          <Loader aria-label="Loading endpoints" />
        </Center>
      )}
      {endpoints.data?.length === 0 && (
        <Paper withBorder radius="md" p="lg">
          <Text fw={500}>No Endpoints Yet</Text>
          <Text c="dimmed" size="sm">
            Add an endpoint to have the events you choose (invoices, payments, time logs …) posted to it.
          </Text>
        </Paper>
      )}
      <Stack gap="md">
        {endpoints.data?.map((endpoint) => (
          <EndpointCard
            key={endpoint._id}
            endpoint={endpoint}
            logShown={shownLog === endpoint._id}
            onToggleLog={() => setShownLog(shownLog === endpoint._id ? null : endpoint._id)}
            onEdit={() => editor.open(endpoint)}
            onDelete={() => deleting.open(endpoint)}
            onRotate={() => rotate.mutate({ id: endpoint._id })}
            onSendTest={() => sendTest.mutate({ id: endpoint._id })}
            busy={(rotate.isPending && rotate.variables?.id === endpoint._id) || (sendTest.isPending && sendTest.variables?.id === endpoint._id)}
          />
        ))}
      </Stack>
      {editor.target && (
        <EndpointDialog
          endpoint={editor.target}
          onClose={editor.close}
          onCreated={(created) => {
            editor.close();
            setSecret(created);
          }}
          onUpdated={editor.close}
        />
      )}
      {secret && <SecretDialog url={secret.url} secret={secret.secret} onClose={() => setSecret(null)} />}
      {deleting.target && <ConfirmAction {...deleteConfirmation('Endpoint', deleting.target.url)} mutation={remove} input={{ id: deleting.target._id }} onClose={deleting.close} />}
    </>
  );
}

type EndpointCardProps = {
  endpoint: WebhookEndpointListItemDto;
  logShown: boolean;
  busy: boolean;
  onToggleLog: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onRotate: () => void;
  onSendTest: () => void;
};

/** One endpoint: its address, events, whether it is on, its newest delivery, its actions, and its log when opened. */
function EndpointCard({ endpoint, logShown, busy, onToggleLog, onEdit, onDelete, onRotate, onSendTest }: EndpointCardProps) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-label={`Endpoint ${endpoint.url}`}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Title order={2} fz={{ base: 16, sm: 18 }} ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {endpoint.url}
          </Title>
          <Badge color={endpoint.enabled ? 'green' : 'gray'} c="var(--mantine-color-text)" variant="light" radius="sm" tt="none">
            {endpoint.enabled ? 'Enabled' : 'Disabled'}
          </Badge>
        </Group>
        {endpoint.description && <Text size="sm">{endpoint.description}</Text>}
        {endpoint.disabledReason && (
          <Alert color="orange" variant="light" p="xs" title="Turned off by Hourbank">
            {endpoint.disabledReason}
          </Alert>
        )}
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {countText(endpoint.eventTypes.length, 'event type')}: {endpoint.eventTypes.join(', ')}
        </Text>
        <Group gap="xs">
          <Text size="sm">Last delivery:</Text>
          {endpoint.lastDelivery ? (
            <>
              <StatusBadge status={endpoint.lastDelivery.status} />
              <Text size="sm" c="dimmed">
                {dateTimeText(endpoint.lastDelivery.createdAt)}
              </Text>
            </>
          ) : (
            <Text size="sm" c="dimmed">
              none yet
            </Text>
          )}
        </Group>
        <Group gap="xs" wrap="wrap">
          <Button size="compact-sm" variant="default" onClick={onToggleLog} aria-expanded={logShown}>
            {logShown ? 'Hide Delivery Log' : 'Delivery Log'}
          </Button>
          <Button size="compact-sm" variant="default" onClick={onSendTest} disabled={busy}>
            Send Test Event
          </Button>
          <Button size="compact-sm" variant="default" onClick={onEdit}>
            Edit
          </Button>
          <Button size="compact-sm" variant="default" onClick={onRotate} disabled={busy}>
            Rotate Secret
          </Button>
          <Button size="compact-sm" variant="default" onClick={onDelete}>
            Delete
          </Button>
        </Group>
        {logShown && <DeliveryLog endpointId={endpoint._id} />}
      </Stack>
    </Paper>
  );
}
