import { ScreenInProgress } from '../ScreenInProgress.js';

export function UsersPage() {
  return <ScreenInProgress title="Users" />;
}
