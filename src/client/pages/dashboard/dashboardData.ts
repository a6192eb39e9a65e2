import type { ActivityDto } from '../../../shared/activities.js';
import { formatHours } from '../../../shared/format.js';

/** 'description (hours hours)', e.g. 'Server upgrade (-2.5 hours)'. */
export function activityLine(activity: ActivityDto): string {
  return `${activity.description} (${formatHours(activity.hours)} hours)`;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** 'Date: Mar 3, 2026' in the browser's time zone. */
export function activityDate(activity: ActivityDto): string {
  return `Date: ${dateFormat.format(new Date(activity.timeStamp))}`;
}
