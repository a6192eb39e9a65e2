import { ScreenInProgress } from '../../ScreenInProgress.js';

export function AllTasksPage() {
  return <ScreenInProgress title="Open Tasks" />;
}
