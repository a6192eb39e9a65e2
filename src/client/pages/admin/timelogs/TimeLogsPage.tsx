import { ScreenInProgress } from '../../ScreenInProgress.js';

export function TimeLogsPage() {
  return <ScreenInProgress title="Time Logs" />;
}
