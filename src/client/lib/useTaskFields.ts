import type { TaskDto } from '../../shared/tasks.js';
import { useFieldValues } from './useFieldValues.js';

/** The priority field's text parsed as an integer; nothing usable is left out: a new task takes the default, an edit keeps its priority. */
export function parsePriority(text: string): number | undefined {
  const parsed = Number.parseInt(text, 10);
  return Number.isNaN(parsed) ? undefined : parsed;
}

/**
 * Title, Description and Priority of a task form, the customer's and the back office's: filled
 * from the task being edited, or empty with that side's default priority for a new one.
 * `fields()` is what a save sends.
 */
export function useTaskFields(task: TaskDto | null, defaultPriority: number) {
  const { values, bind } = useFieldValues({
    title: task?.title ?? '',
    description: task?.description ?? '',
    priority: String(task?.priority ?? defaultPriority),
  });
  return { bind, fields: () => ({ title: values.title, description: values.description, priority: parsePriority(values.priority) }) };
}
