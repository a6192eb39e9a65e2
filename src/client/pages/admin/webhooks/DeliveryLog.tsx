import { Button } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { dateTimeText } from '../../../../shared/dates.js';
import type { WebhookDeliveryDto } from '../../../../shared/webhooks.js';
import { StatusBadge } from '../../../components/StatusBadge.js';
import { SectionList, failureText, useAdminList, type Column } from '../../../components/records/index.js';
import { toastDone, toastFailed } from '../../../lib/toast.js';
import { trpc } from '../../../trpc.js';

/** While a delivery waits, the log asks again this often, so a sent one shows without a reload. */
export const WAITING_REFRESH_MS = 2_000;

/** One endpoint's deliveries, newest first, a page at a time, each with Redeliver. */
export function DeliveryLog({ endpointId }: { endpointId: string }) {
  const list = useAdminList<'createdAt'>({ defaultSort: { key: 'createdAt', direction: 'desc' }, pageSize: 10 });
  const deliveries = trpc.superadmin.webhooks.deliveries.useQuery(
    { ...list.query, id: endpointId },
    { placeholderData: keepPreviousData, refetchInterval: (query) => (query.state.data?.items.some((delivery) => delivery.status === 'pending') ? WAITING_REFRESH_MS : false) },
  );
  const redeliver = trpc.superadmin.webhooks.redeliver.useMutation({
    onSuccess: (delivery) => toastDone('Delivery queued again', delivery.eventType),
    onError: (error) => toastFailed('Could not redeliver', failureText(error)),
  });

  const columns: Column<WebhookDeliveryDto>[] = [
    { key: 'createdAt', header: 'When', sortable: true, render: (delivery) => dateTimeText(delivery.createdAt) },
    { key: 'eventType', header: 'Event', render: (delivery) => delivery.eventType },
    { key: 'status', header: 'Status', render: (delivery) => <StatusBadge status={delivery.status} /> },
    { key: 'responseStatus', header: 'Response', align: 'right', render: (delivery) => delivery.responseStatus ?? '—' },
    { key: 'durationMs', header: 'Duration', align: 'right', render: (delivery) => (delivery.durationMs === null ? '—' : `${delivery.durationMs} ms`) },
    { key: 'attempts', header: 'Attempts', align: 'right', render: (delivery) => delivery.attempts },
    { key: 'lastError', header: 'Last Error', width: '25%', render: (delivery) => <span style={{ overflowWrap: 'anywhere' }}>{delivery.lastError ?? '—'}</span> },
    {
      key: 'redeliver',
      header: 'Action',
      render: (delivery) => (
        <Button size="compact-sm" variant="default" loading={redeliver.isPending && redeliver.variables?.id === delivery._id} onClick={() => redeliver.mutate({ id: delivery._id })}>
          Redeliver
        </Button>
      ),
    },
  ];

  return <SectionList title="Delivery Log" list={list} query={deliveries} columns={columns} rowKey={(delivery) => delivery._id} emptyText="No Deliveries Yet" />;
}
