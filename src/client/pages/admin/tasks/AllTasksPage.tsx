import { IconCircleCheck, IconEdit, IconHistory, IconTrash } from '@tabler/icons-react';
import { keepPreviousData } from '@tanstack/react-query';
import type { TaskDto, TaskSortKey } from '../../../../shared/tasks.js';
import { AdminList, ConfirmAction, OneRowNotice, RowAction, deleteConfirmation, useAdminList, useDialog, listCache } from '../../../components/records/index.js';
import { toastDone } from '../../../lib/toast.js';
import { trpc } from '../../../trpc.js';
import { AdminTaskDialog } from './AdminTaskDialog.js';
import { MarkDoneDialog } from './MarkDoneDialog.js';
import { TaskHistoryDialog } from './TaskHistoryDialog.js';
import { taskColumns } from './taskColumns.js';

type TaskAction = { kind: 'delete' | 'markDone' | 'history'; task: TaskDto };


/**
 * Open Tasks admin (/alltasks): every company's open tasks, by priority; the server searches,
 * filters, sorts and pages. A saved task replaces its row or joins the page at its end.
 */
export function AllTasksPage() {
  const utils = trpc.useUtils();
  const list = useAdminList<TaskSortKey, { id: string }>({ defaultSort: { key: 'priority', direction: 'asc' }, filters: { id: '' }, filtersInAddress: true });
  const tasks = trpc.superadmin.tasks.listOpen.useQuery(list.query, { placeholderData: keepPreviousData });
  const editor = useDialog<{ task: TaskDto | null }>();
  const actions = useDialog<TaskAction>();

  const { save: replaceRow, remove: removeRow } = listCache(utils.superadmin.tasks.listOpen, list.query, 'end');

  const remove = trpc.superadmin.tasks.delete.useMutation({
    onSuccess: (_result, { id }) => {
      toastDone('Task deleted', actions.target?.task.title);
      removeRow(id);
    },
  });
  const action = actions.target;

  return (
    <>
      <AdminList
        exportList="tasks"
        title="Open Tasks"
        list={list}
        query={tasks}
        columns={taskColumns}
        rowKey={(task) => task._id}
        emptyText="No Open Tasks"
        companyFilter
        notice={list.filters.id && <OneRowNotice noun="task" onShowAll={() => list.setFilters({ ...list.filters, id: '' })} />}
        onAdd={() => editor.open({ task: null })}
        addLabel="Add Task"
        emptyHint="Open tasks are what customers asked for and you plan to do; done ones leave the list."
        emptyAction="Add your first task"
        actions={(task) => (
          <>
            {task.history.length > 0 && (
              <RowAction label="Task History" onClick={() => actions.open({ kind: 'history', task })}>
                <IconHistory size={18} />
              </RowAction>
            )}
            <RowAction label="Edit Task" onClick={() => editor.open({ task })}>
              <IconEdit size={18} />
            </RowAction>
            <RowAction label="Delete Task" color="red" onClick={() => actions.open({ kind: 'delete', task })}>
              <IconTrash size={18} />
            </RowAction>
            <RowAction label="Mark as Done" color="green" onClick={() => actions.open({ kind: 'markDone', task })}>
              <IconCircleCheck size={18} />
            </RowAction>
          </>
        )}
      />
      {editor.target && (
        <AdminTaskDialog
          task={editor.target.task}
          defaultCompanyId={list.companyId}
          onClose={editor.close}
          onSaved={(saved) => (replaceRow(saved), editor.close())}
        />
      )}
      {action?.kind === 'delete' && (
        <ConfirmAction
          {...deleteConfirmation('Task', `${action.task.title}, ${action.task.companyName}`)}
          confirmColor="red.8"
          mutation={remove}
          input={{ id: action.task._id }}
          onClose={actions.close}
        />
      )}
      {action?.kind === 'markDone' && <MarkDoneDialog task={action.task} onClose={actions.close} onDone={(done) => removeRow(done._id)} />}
      {action?.kind === 'history' && <TaskHistoryDialog task={action.task} onClose={actions.close} />}
    </>
  );
}
