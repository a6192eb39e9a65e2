import { TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { ADMIN_DEFAULT_PRIORITY, type TaskDto } from '../../../../shared/tasks.js';
import { CompanySelect, RecordDialog, fieldErrorReader } from '../../../components/records/index.js';
import { toastDone } from '../../../lib/toast.js';
import { useTaskFields } from '../../../lib/useTaskFields.js';
import { trpc } from '../../../trpc.js';

type AdminTaskDialogProps = {
  /** The task to edit, or null to add one. */
  task: TaskDto | null;
  /** The company the list is filtered by ('' for all): a new task starts there. */
  defaultCompanyId: string;
  onClose: () => void;
  onSaved: (task: TaskDto) => void;
};

/** Add or edit any company's task; a task's company cannot change once it exists. */
export function AdminTaskDialog({ task, defaultCompanyId, onClose, onSaved }: AdminTaskDialogProps) {
  const { bind, fields } = useTaskFields(task, ADMIN_DEFAULT_PRIORITY);
  const [companyId, setCompanyId] = useState<string | null>(task?.company ?? (defaultCompanyId || null));
  const saved = (result: TaskDto) => {
    toastDone('Task saved', result.title);
    onSaved(result);
  };
  const options = { onSuccess: saved };
  const create = trpc.superadmin.tasks.create.useMutation(options);
  const update = trpc.superadmin.tasks.update.useMutation(options);
  const saving = task ? update : create;
  const errorOn = fieldErrorReader(saving.error);

  const save = () => {
    if (task) update.mutate({ id: task._id, ...fields() });
    // The server answers a missing company with its own message.
    else create.mutate({ company: companyId ?? '', ...fields() });
  };

  return (
    <RecordDialog
      entity="Task"
      editing={Boolean(task)}
      saving={saving}
      onClose={onClose}
      onSubmit={save}
    >
      <TextInput label="ID" value={task?._id ?? ''} placeholder="Assigned when saved" readOnly variant="filled" />
      <CompanySelect label="Company" value={companyId ?? ''} onChange={(next) => setCompanyId(next || null)} disabled={Boolean(task)} error={errorOn('company')} />
      <TextInput label="Title" {...bind('title')} error={errorOn('title')} />
      <Textarea label="Description" autosize minRows={3} maxRows={10} {...bind('description')} error={errorOn('description')} />
      <TextInput label="Priority" type="number" min={0} step={1} w={180} {...bind('priority')} error={errorOn('priority')} />
    </RecordDialog>
  );
}
