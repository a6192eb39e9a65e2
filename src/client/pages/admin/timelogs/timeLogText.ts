/*
 * How a time log reads on the Time Logs screen: the texts are shared with the server, whose
 * Search matches them (src/shared/log-text.ts).
 */
export { logDateTimeText, logHoursText } from '../../../../shared/log-text.js';
export { hoursCountText } from '../../../../shared/format.js';

/** The toast after a new log is saved, from either of the dialog's buttons. */
export const TIME_LOG_SAVED = 'Time log saved';
