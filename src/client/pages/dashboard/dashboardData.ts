import type { ActivityDto } from '../../../shared/activities.js';
import { dateText } from '../../../shared/dates.js';
import { formatHours } from '../../../shared/format.js';

/** 'description (hours hours)', e.g. 'Server upgrade (-2.5 hours)'. */
export function activityLine(activity: ActivityDto): string {
  return `${activity.description} (${formatHours(activity.hours)} hours)`;
}

/** 'Date: Mar 3, 2026' in the browser's time zone. */
export function activityDate(activity: ActivityDto): string {
  return `Date: ${dateText(activity.timeStamp)}`;
}
