import { z } from 'zod';
import { listInput, rowFilter, type ListQuery } from './list.js';
import { dateTimeField, idParam, numberField, requiredLine } from './validation.js';

export const DESCRIPTION_PREVIEW_LENGTH = 50;
export const CUSTOMER_DEFAULT_PRIORITY = 1;
export const ADMIN_DEFAULT_PRIORITY = 10;

/** A long description is cut to 50 characters plus an ellipsis until expanded. */
export function descriptionPreview(description: string): string {
  return description.length > DESCRIPTION_PREVIEW_LENGTH ? `${description.slice(0, DESCRIPTION_PREVIEW_LENGTH)}…` : description;
}

export const taskHistoryOutput = z.object({
  _id: z.string(),
  creationDate: z.string(),
  creationUser: z.object({ firstName: z.string(), lastName: z.string() }),
  changedField: z.string(),
  oldValue: z.string().nullable(),
  newValue: z.string().nullable(),
});
export type TaskHistoryDto = z.infer<typeof taskHistoryOutput>;

export const taskOutput = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  priority: z.number().int(),
  creationDate: z.string(),
  timeStamp: z.string(),
  company: z.string(),
  companyName: z.string(),
  done: z.boolean(),
  deleted: z.boolean(),
  history: z.array(taskHistoryOutput),
});
export type TaskDto = z.infer<typeof taskOutput>;

const title = requiredLine('Title');
const description = z.string().trim().max(5000, 'Description must be at most 5000 characters.').default('');
const priority = (fallback: number) =>
  numberField('Priority', { int: true, min: 0, max: 1_000_000 }).default(fallback);

export const customerTaskCreateInput = z.object({
  title,
  description,
  priority: priority(CUSTOMER_DEFAULT_PRIORITY),
  creationDate: dateTimeField('creationDate', 'creationDate must be an ISO date-time.').optional(),
});

export const taskUpdateFields = z.object({ title, description, priority: priority(CUSTOMER_DEFAULT_PRIORITY) });
export const taskUpdateInput = taskUpdateFields.extend({ id: idParam });

export const adminTaskCreateInput = z.object({
  company: z.string({ message: 'Company is required.' }).trim().min(1, 'Company is required.').max(64, 'That company id is not valid.'),
  title,
  description,
  priority: priority(ADMIN_DEFAULT_PRIORITY),
});

export const adminTaskUpdateInput = z.object({
  id: idParam,
  title,
  description,
  priority: priority(ADMIN_DEFAULT_PRIORITY),
});

export const markDoneInput = z.object({
  id: idParam,
  emailClient: z.boolean().default(true),
});

/** The sortable columns of the open-task lists; priority 1 first by default. */
export const TASK_SORT_KEYS = ['priority', 'companyName', 'title', 'description'] as const;
export type TaskSortKey = (typeof TASK_SORT_KEYS)[number];
export const openTaskListInput = listInput(TASK_SORT_KEYS, { sort: 'priority', dir: 'asc' });
/** The back office's open tasks may also be narrowed to one task. */
export const allOpenTaskListInput = openTaskListInput.unwrap().extend({ id: rowFilter('task') }).prefault({});
export type OpenTaskListQuery = ListQuery<TaskSortKey> & { id?: string };

/** At most this many open tasks are offered when a time log picks its task. */
export const TASK_CHOICES_LIMIT = 500;
export const taskChoicesInput = z.object({ company: idParam });
export const taskChoiceOutput = z.object({ _id: z.string(), title: z.string() });
export type TaskChoice = z.infer<typeof taskChoiceOutput>;
