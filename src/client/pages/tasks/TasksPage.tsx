import { ScreenInProgress } from '../ScreenInProgress.js';

export function TasksPage() {
  return <ScreenInProgress title="Open Tasks" />;
}
