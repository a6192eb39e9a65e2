import { ScreenInProgress } from '../../ScreenInProgress.js';

export function WeeklyTimeLogsPage() {
  return <ScreenInProgress title="Weekly Time Logs" />;
}
