import { TextInput, Textarea } from '@mantine/core';
import { CUSTOMER_DEFAULT_PRIORITY, type TaskDto } from '../../../shared/tasks.js';
import { RecordDialog, fieldErrorReader } from '../../components/records/index.js';
import { toastDone } from '../../lib/toast.js';
import { useTaskFields } from '../../lib/useTaskFields.js';
import { errorText, trpc } from '../../trpc.js';

type TaskDialogProps = {
  /** The task to edit, or null to add one. */
  task: TaskDto | null;
  onClose: () => void;
  onSaved: (task: TaskDto) => void;
};

const SAVE_FAILED = 'The task could not be saved.';
/**
 * Add or edit one of the company's tasks. A backdrop click does not close it; a failure shows the
 * server's message in an alert titled Error, gone when the dialog closes (it unmounts).
 */
export function TaskDialog({ task, onClose, onSaved }: TaskDialogProps) {
  const { bind, fields } = useTaskFields(task, CUSTOMER_DEFAULT_PRIORITY);
  const saved = (result: TaskDto) => {
    toastDone('Task saved', result.title);
    onSaved(result);
  };
  const options = { onSuccess: saved };
  const create = trpc.tasks.create.useMutation(options);
  const update = trpc.tasks.update.useMutation(options);
  const saving = task ? update : create;
  const errorOn = fieldErrorReader(saving.error);

  const save = () => {
    if (task) update.mutate({ id: task._id, ...fields() });
    else create.mutate({ ...fields(), creationDate: new Date().toISOString() });
  };

  return (
    <RecordDialog
      entity="Task"
      editing={Boolean(task)}
      saving={saving}
      onClose={onClose}
      onSubmit={save}
      errorText={(error) => errorText(error, SAVE_FAILED)}
    >
      <TextInput label="Title" data-autofocus {...bind('title')} error={errorOn('title')} />
      <Textarea label="Description" autosize minRows={3} maxRows={10} {...bind('description')} error={errorOn('description')} />
      <TextInput label="Priority" description="1 is the most urgent" type="number" min={0} step={1} w={180} {...bind('priority')} error={errorOn('priority')} />
    </RecordDialog>
  );
}
