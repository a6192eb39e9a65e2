import { NumberInput, SimpleGrid, Textarea } from '@mantine/core';
import { useState } from 'react';
import { CLOSE_TASK_DEFAULT, EMAIL_CLIENT_DEFAULT, type TimeLogDto } from '../../../../shared/timelogs.js';
import { numberFromText } from '../../../../shared/validation.js';
import { CompanySelect, RecordDialog } from '../../../components/admin-list/index.js';
import { isoOfPicked, pickerValueOf } from '../../../components/calendarPicker.js';
import { trpc } from '../../../trpc.js';
import { LogDateTimePicker } from './LogDateTimePicker.js';
import { NO_TASK, TaskFields, type TaskChoice, type TaskFieldValues } from './TaskFields.js';

type TimeLogDialogProps = {
  /** An empty object adds a log; a row edits it. */
  log: Partial<TimeLogDto>;
  /** The company filter's choice, prefilled when adding ('' for all). */
  defaultCompanyId: string;
  onClose: () => void;
  onSaved: (log: TimeLogDto) => void;
};

/** The company's open tasks; when editing, the linked task stays choosable even if it is done since. */
function withLinkedTask(companyId: string | null, openTasks: TaskChoice[], log: Partial<TimeLogDto>): TaskChoice[] {
  const linked = log.task && log.company === companyId && !openTasks.some((task) => task._id === log.task);
  return linked ? [{ _id: log.task!, title: log.taskTitle ?? 'Linked task' }, ...openTasks] : openTasks;
}

/** Add or edit a time log; the server's message stays in the dialog on failure. */
export function TimeLogDialog({ log, defaultCompanyId, onClose, onSaved }: TimeLogDialogProps) {
  const editing = Boolean(log._id);
  const [companyId, setCompanyId] = useState<string | null>(log.company ?? (defaultCompanyId || null));
  const [timeStamp, setTimeStamp] = useState<string | null>(() => pickerValueOf(log.timeStamp, 'dateTime'));
  const [hours, setHours] = useState<number | string>(log.invertedHours ?? '');
  const [description, setDescription] = useState(log.description ?? '');
  const [taskValues, setTaskValues] = useState<TaskFieldValues>({
    task: log.task ?? NO_TASK,
    newTaskTitle: '',
    newTaskDescription: '',
    closeTask: CLOSE_TASK_DEFAULT,
    emailClient: EMAIL_CLIENT_DEFAULT,
  });

  // Asked each time the dialog opens: tasks are made and closed elsewhere too.
  const openTasks = trpc.superadmin.tasks.openOf.useQuery({ company: companyId ?? '' }, { enabled: Boolean(companyId), staleTime: 0 });
  const options = { onSuccess: (saved: TimeLogDto) => onSaved(saved) };
  const create = trpc.superadmin.timelogs.create.useMutation(options);
  const update = trpc.superadmin.timelogs.update.useMutation(options);
  const saving = editing ? update : create;

  const changeCompany = (next: string | null) => {
    setCompanyId(next);
    // another company's tasks do not apply
    setTaskValues((current) => ({ ...current, task: NO_TASK, closeTask: CLOSE_TASK_DEFAULT }));
  };

  const save = () => {
    const form = {
      company: companyId ?? '',
      timeStamp: isoOfPicked(timeStamp) ?? '',
      invertedHours: numberFromText(hours),
      description,
      task: taskValues.task || null,
      closeTask: !editing && taskValues.closeTask,
      emailClient: taskValues.emailClient,
      newTaskTitle: taskValues.newTaskTitle,
      newTaskDescription: taskValues.newTaskDescription,
    };
    if (log._id) update.mutate({ ...form, id: log._id });
    else create.mutate({ ...form, id: null });
  };

  return (
    <RecordDialog
      entity="Time Log"
      editing={editing}
      saving={saving}
      onClose={onClose}
      onSubmit={save}
    >
      <CompanySelect label="Company" value={companyId ?? ''} onChange={(next) => changeCompany(next || null)} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <LogDateTimePicker value={timeStamp} onChange={setTimeStamp} />
        <NumberInput label="Hours" value={hours} onChange={setHours} step={0.25} decimalScale={2} />
      </SimpleGrid>
      <Textarea label="Description" autosize minRows={3} maxRows={8} value={description} onChange={(event) => setDescription(event.currentTarget.value)} />
      <TaskFields
        values={taskValues}
        onChange={(changes) => setTaskValues((current) => ({ ...current, ...changes }))}
        tasks={withLinkedTask(companyId, openTasks.data ?? [], log)}
        offerClose={!editing}
        disabled={!companyId}
      />
    </RecordDialog>
  );
}
