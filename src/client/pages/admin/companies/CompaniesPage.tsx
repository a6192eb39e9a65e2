import { ScreenInProgress } from '../../ScreenInProgress.js';

export function CompaniesPage() {
  return <ScreenInProgress title="Company List" />;
}
