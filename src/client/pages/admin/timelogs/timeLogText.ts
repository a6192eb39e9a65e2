/*
 * How a time log reads on the Time Logs screen: the texts are shared with the server, whose
 * Search matches them (src/shared/log-text.ts).
 */
export { logDateTimeText, logHoursText } from '../../../../shared/log-text.js';

/** The dayjs format of the dialog's date picker, matching logDateTimeText. */
export const PICKER_DATE_TIME_FORMAT = 'MMM D, YYYY, h:mm A';
