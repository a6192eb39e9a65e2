import { Checkbox, Select, Stack, TextInput, Textarea } from '@mantine/core';
import type { TaskChoice } from '../../../../shared/tasks.js';
import { NEW_TASK } from '../../../../shared/timelogs.js';

/** The blank task choice: the log is not linked to a task. */
export const NO_TASK = '';

export type { TaskChoice };

export type TaskFieldValues = {
  task: string;
  newTaskTitle: string;
  newTaskDescription: string;
  closeTask: boolean;
  emailClient: boolean;
};

type TaskFieldsProps = {
  values: TaskFieldValues;
  onChange: (changes: Partial<TaskFieldValues>) => void;
  /** The open tasks of the chosen company (and, when editing, the task already linked). */
  tasks: TaskChoice[];
  /** 'Close the Task' is offered for a new log only. */
  offerClose: boolean;
  disabled?: boolean;
};

/** Task choice of a time log: none, an open task, or '+ Create New Task' with its title and description. */
export function TaskFields({ values, onChange, tasks, offerClose, disabled }: TaskFieldsProps) {
  const choices = [
    { value: NO_TASK, label: 'Select or create…' },
    ...tasks.map((task) => ({ value: task._id, label: task.title })),
    { value: NEW_TASK, label: '+ Create New Task' },
  ];
  const creating = values.task === NEW_TASK;
  const taskChosen = values.task !== NO_TASK;

  return (
    <Stack gap="sm">
      <Select
        label="Task"
        data={choices}
        value={values.task}
        onChange={(task) => onChange({ task: task ?? NO_TASK })}
        allowDeselect={false}
        disabled={disabled}
        description={disabled ? 'Choose a company first' : undefined}
        comboboxProps={{ withinPortal: true }}
      />
      {creating && (
        <>
          <TextInput
            label="New Task Title"
            value={values.newTaskTitle}
            onChange={(event) => onChange({ newTaskTitle: event.currentTarget.value })}
          />
          <Textarea
            label="New Task Description"
            autosize
            minRows={2}
            value={values.newTaskDescription}
            onChange={(event) => onChange({ newTaskDescription: event.currentTarget.value })}
          />
        </>
      )}
      {offerClose && taskChosen && (
        <Checkbox
          label="Close the Task"
          checked={values.closeTask}
          onChange={(event) => onChange({ closeTask: event.currentTarget.checked })}
        />
      )}
      {offerClose && taskChosen && values.closeTask && (
        <Checkbox
          label="Email the Client"
          checked={values.emailClient}
          onChange={(event) => onChange({ emailClient: event.currentTarget.checked })}
        />
      )}
    </Stack>
  );
}
