import { MultiSelect, Switch, TextInput } from '@mantine/core';
import { useState } from 'react';
import { EVENT_TYPE_NAMES, EVENT_TYPES, type EventType } from '../../../../shared/events.js';
import type { CreatedWebhookEndpointDto, WebhookEndpointDto } from '../../../../shared/webhooks.js';
import { RecordDialog, fieldErrorReader } from '../../../components/records/index.js';
import { toastDone } from '../../../lib/toast.js';
import { useFieldValues } from '../../../lib/useFieldValues.js';
import { trpc } from '../../../trpc.js';

/** The event types grouped by the record they concern (`invoice.created` under invoice), for the picker. */
const EVENT_TYPE_GROUPS = [...new Set(EVENT_TYPE_NAMES.map(recordOf))].map((group) => ({
  group,
  items: EVENT_TYPE_NAMES.filter((type) => recordOf(type) === group).map((type) => ({ value: type, label: type })),
}));

function recordOf(type: string): string {
  return type.split('.')[0]!;
}

type EndpointDialogProps = {
  endpoint: Partial<WebhookEndpointDto>;
  onClose: () => void;
  /** A new endpoint comes with its secret, to be shown once. */
  onCreated: (created: CreatedWebhookEndpointDto) => void;
  onUpdated: () => void;
};

/** Add or edit a webhook endpoint: where deliveries go, which event types, and whether it is on. */
export function EndpointDialog({ endpoint, onClose, onCreated, onUpdated }: EndpointDialogProps) {
  const editing = Boolean(endpoint._id);
  const { values, bind } = useFieldValues({ url: endpoint.url ?? '', description: endpoint.description ?? '' });
  const [eventTypes, setEventTypes] = useState<string[]>(endpoint.eventTypes ?? []);
  const [enabled, setEnabled] = useState(endpoint.enabled ?? true);
  const create = trpc.superadmin.webhooks.create.useMutation({
    onSuccess: (created) => {
      toastDone('Endpoint saved', created.url);
      onCreated(created);
    },
  });
  const update = trpc.superadmin.webhooks.update.useMutation({
    onSuccess: (saved) => {
      toastDone('Endpoint saved', saved.url);
      onUpdated();
    },
  });
  const saving = editing ? update : create;
  const errorOn = fieldErrorReader(saving.error);

  const save = () => {
    const fields = { url: values.url, description: values.description, eventTypes: eventTypes as EventType[], enabled };
    if (endpoint._id) update.mutate({ id: endpoint._id, ...fields });
    else create.mutate(fields);
  };

  return (
    <RecordDialog entity="Endpoint" editing={editing} saving={saving} onClose={onClose} onSubmit={save}>
      <TextInput label="Endpoint URL" placeholder="https://hooks.example.com/hourbank" inputMode="url" required {...bind('url')} error={errorOn('url')} />
      <TextInput label="Description" {...bind('description')} error={errorOn('description')} />
      <MultiSelect
        label="Events"
        description="The event types posted to this endpoint"
        placeholder={eventTypes.length === 0 ? 'Search event types' : undefined}
        data={EVENT_TYPE_GROUPS}
        value={eventTypes}
        onChange={setEventTypes}
        searchable
        clearable
        hidePickedOptions
        maxDropdownHeight={280}
        comboboxProps={{ withinPortal: true }}
        renderOption={({ option }) => <span title={EVENT_TYPES[option.value as EventType]}>{option.label}</span>}
        error={errorOn('eventTypes')}
      />
      <Switch label="Enabled" description="Off, no deliveries are made; the endpoint is kept" checked={enabled} onChange={(event) => setEnabled(event.currentTarget.checked)} />
    </RecordDialog>
  );
}
