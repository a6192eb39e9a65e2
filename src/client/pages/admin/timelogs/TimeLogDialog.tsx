import { Button, NumberInput, SimpleGrid, Textarea } from '@mantine/core';
import { useRef, useState } from 'react';
import { CLOSE_TASK_DEFAULT, EMAIL_CLIENT_DEFAULT, type TimeLogDto } from '../../../../shared/timelogs.js';
import { numberFromText } from '../../../../shared/validation.js';
import { CompanySelect, RecordDialog } from '../../../components/records/index.js';
import { isoOfPicked, pickerValueOf } from '../../../components/calendarPicker.js';
import { toastDone } from '../../../lib/toast.js';
import { TIME_LOG_SAVED, hoursCountText } from './timeLogText.js';
import { trpc } from '../../../trpc.js';
import { LogDateTimePicker } from './LogDateTimePicker.js';
import { NO_TASK, TaskFields, type TaskChoice, type TaskFieldValues } from './TaskFields.js';

type TimeLogDialogProps = {
  /** An empty object adds a log; a row edits it. */
  log: Partial<TimeLogDto>;
  /** The company filter's choice, prefilled when adding ('' for all). */
  defaultCompanyId: string;
  onClose: () => void;
  /** keepOpen: saved with 'Save and add another', the dialog stays for the next log. */
  onSaved: (log: TimeLogDto, keepOpen: boolean) => void;
};


function taskFieldsFor(task: string): TaskFieldValues {
  return { task, newTaskTitle: '', newTaskDescription: '', closeTask: CLOSE_TASK_DEFAULT, emailClient: EMAIL_CLIENT_DEFAULT };
}

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
  const [taskValues, setTaskValues] = useState<TaskFieldValues>(() => taskFieldsFor(log.task ?? NO_TASK));
  const hoursInput = useRef<HTMLInputElement>(null);

  // Asked each time the dialog opens: tasks are made and closed elsewhere too.
  const openTasks = trpc.superadmin.tasks.openOf.useQuery({ company: companyId ?? '' }, { enabled: Boolean(companyId), staleTime: 0 });
  const create = trpc.superadmin.timelogs.create.useMutation();
  const update = trpc.superadmin.timelogs.update.useMutation({ onSuccess: (saved) => onSaved(saved, false) });
  const saving = editing ? update : create;

  const changeCompany = (next: string | null) => {
    setCompanyId(next);
    // another company's tasks do not apply
    setTaskValues((current) => ({ ...current, task: NO_TASK, closeTask: CLOSE_TASK_DEFAULT }));
  };

  /** The next log: same company, date and task (the one just created, or none if it was closed); hours and description cleared. */
  const startNext = (saved: TimeLogDto) => {
    setHours('');
    setDescription('');
    setTaskValues(taskFieldsFor(taskValues.closeTask || !saved.task ? NO_TASK : saved.task));
    void openTasks.refetch();
    hoursInput.current?.focus();
  };

  const save = (another = false) => {
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
    else {
      create.mutate(
        { ...form, id: null },
        {
          onSuccess: (saved) => {
            onSaved(saved, another);
            if (another) {
              toastDone(TIME_LOG_SAVED, `${hoursCountText(saved.invertedHours)} for ${saved.companyName}; add the next one.`);
              startNext(saved);
            }
          },
        },
      );
    }
  };

  return (
    <RecordDialog
      entity="Time Log"
      editing={editing}
      saving={saving}
      onClose={onClose}
      onSubmit={() => save()}
      secondaryAction={
        !editing && (
          <Button variant="light" onClick={() => save(true)} loading={create.isPending}>
            Save and add another
          </Button>
        )
      }
    >
      <CompanySelect label="Company" value={companyId ?? ''} onChange={(next) => changeCompany(next || null)} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <LogDateTimePicker value={timeStamp} onChange={setTimeStamp} />
        <NumberInput label="Hours" value={hours} onChange={setHours} step={0.25} decimalScale={2} ref={hoursInput} />
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
