import { Button, Center, EmptyState, Group, Loader, Paper, Stack } from '@mantine/core';
import { IconChecklist, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { TaskDto } from '../../../shared/tasks.js';
import { ConfirmAction, deleteConfirmation, useDialog } from '../../components/records/index.js';
import { LoadMoreButton } from '../../components/LoadMoreButton.js';
import { PageHeader } from '../../components/PageHeader.js';
import { combinePages, LOAD_MORE_PAGE_SIZE } from '../../lib/loadMore.js';
import { usePageTitle } from '../../lib/usePageTitle.js';
import { toastDone } from '../../lib/toast.js';
import { errorText, trpc } from '../../trpc.js';
import { TaskDialog } from './TaskDialog.js';
import { TaskItem } from './TaskItem.js';
import classes from './Tasks.module.css';

export const NO_OPEN_TASKS = 'No Open Tasks';

/**
 * Open Tasks (/tasks): the company's open tasks by priority, 25 at a time with "Load more", with
 * add, edit and delete. A change asks the server again for the pages shown, since a new or
 * re-prioritised task may belong on another page.
 */
export function TasksPage() {
  usePageTitle('Open Tasks');
  const [pageCount, setPageCount] = useState(1);
  const tasks = combinePages(
    trpc.useQueries((t) => Array.from({ length: pageCount }, (_, index) => t.tasks.list({ page: index + 1, perPage: LOAD_MORE_PAGE_SIZE }))),
  );
  const editor = useDialog<{ task: TaskDto | null }>();
  const deleting = useDialog<TaskDto>();

  useEffect(() => {
    // A failed load is only logged.
    if (tasks.error) console.error('Open tasks failed to load', tasks.error);
  }, [tasks.error]);

  const saved = () => editor.close();

  const remove = trpc.tasks.delete.useMutation({ onSuccess: () => toastDone('Task deleted', deleting.target?.title) });

  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <PageHeader title="Open Tasks" subtitle="What we are working on for you, most urgent first." />
        <Button leftSection={<IconPlus size={18} />} onClick={() => editor.open({ task: null })} mt={4} flex="none">
          Add Task
        </Button>
      </Group>
      <TaskList tasks={tasks.error && tasks.items.length === 0 ? undefined : tasks.items} loading={tasks.isPending} onEdit={(task) => editor.open({ task })} onDelete={deleting.open} onAdd={() => editor.open({ task: null })} />
      <LoadMoreButton shown={tasks.items.length} total={tasks.total} totalIsCapped={tasks.totalIsCapped} loading={tasks.isLoadingMore} onClick={() => setPageCount((count) => count + 1)} />
      {editor.target && <TaskDialog task={editor.target.task} onClose={editor.close} onSaved={saved} />}
      {deleting.target && (
        <ConfirmAction
          {...deleteConfirmation('Task', deleting.target.title)}
          title="Delete Task"
          confirmColor="red.8"
          mutation={remove}
          input={{ id: deleting.target._id }}
          onClose={deleting.close}
          errorText={(error) => errorText(error, 'The task could not be deleted.')}
        />
      )}
    </>
  );
}

type TaskListProps = {
  tasks: TaskDto[] | undefined;
  loading: boolean;
  onEdit: (task: TaskDto) => void;
  onDelete: (task: TaskDto) => void;
  onAdd: () => void;
};

function TaskList({ tasks, loading, onEdit, onDelete, onAdd }: TaskListProps) {
  if (loading) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading tasks" />
      </Center>
    );
  }
  // A failed load shows nothing here (it is logged); an empty company shows the empty state.
  if (!tasks) return null;
  if (tasks.length === 0) {
    return (
      <Paper withBorder radius="md" p="xl">
        <EmptyState
          icon={<IconChecklist size={28} />}
          withIndicatorBackground
          title={NO_OPEN_TASKS}
          description="Tell us what you need done: each task you add here reaches us, and you can follow it until it is done."
        >
          <EmptyState.Actions>
            <Button variant="light" onClick={onAdd}>
              Add your first task
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Paper>
    );
  }
  return (
    <Stack component="ul" gap="sm" className={classes.list} aria-label="Open tasks">
      {tasks.map((task) => (
        <TaskItem key={task._id} task={task} onEdit={() => onEdit(task)} onDelete={() => onDelete(task)} />
      ))}
    </Stack>
  );
}
