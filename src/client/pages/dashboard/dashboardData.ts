import type { ActivityDto } from '../../../shared/activities.js';
import { formatHours } from '../../../shared/format.js';
import type { TaskDto } from '../../../shared/tasks.js';

/** SPEC.md §9: the dashboard lists at most 3 open tasks and 3 recent activities. */
export const DASHBOARD_LIST_LIMIT = 3;

/** The newest tasks first by timeStamp (last change), at most three. */
export function newestTasks(tasks: TaskDto[]): TaskDto[] {
  return [...tasks].sort((a, b) => b.timeStamp.localeCompare(a.timeStamp)).slice(0, DASHBOARD_LIST_LIMIT);
}

/** The latest completed activities (the list comes newest first), at most three. */
export function recentActivities(activities: ActivityDto[]): ActivityDto[] {
  return activities.filter((activity) => activity.status === 'completed').slice(0, DASHBOARD_LIST_LIMIT);
}

/** 'description (hours hours)', e.g. 'Server upgrade (-2.5 hours)'. */
export function activityLine(activity: ActivityDto): string {
  return `${activity.description} (${formatHours(activity.hours)} hours)`;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** 'Date: Mar 3, 2026' in the browser's time zone. */
export function activityDate(activity: ActivityDto): string {
  return `Date: ${dateFormat.format(new Date(activity.timeStamp))}`;
}
