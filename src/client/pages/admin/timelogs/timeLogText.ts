/*
 * How a time log reads on the Time Logs screen: the texts are shared with the server, whose
 * Search matches them (src/shared/log-text.ts).
 */
export { logDateTimeText, logHoursText } from '../../../../shared/log-text.js';
