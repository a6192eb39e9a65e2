import { PageHeader } from '../../../components/PageHeader.js';
import { usePageTitle } from '../../../lib/usePageTitle.js';
import { MissingPaymentDetailsBanner } from '../MissingPaymentDetailsBanner.js';
import { ExpiringSoonCard } from './ExpiringSoonCard.js';
import { MonthlyChartCard } from './MonthlyChartCard.js';
import classes from './OverviewPage.module.css';
import { ReceivableCard } from './ReceivableCard.js';
import { ReportedPaymentsCard } from './ReportedPaymentsCard.js';
import { RunningLowCard } from './RunningLowCard.js';
import { SetupChecklist } from './SetupChecklist.js';
import { SignupsCard } from './SignupsCard.js';
import { WeekHoursCard } from './WeekHoursCard.js';

/** The provider's /dashboard: what needs attention across every company, each card leading to its list. */
export function OverviewPage() {
  usePageTitle('Overview');
  return (
    <>
      <PageHeader title="Provider Overview" subtitle="What needs your attention across every company." />
      <SetupChecklist />
      <MissingPaymentDetailsBanner />
      <div className={classes.cards}>
        <SignupsCard />
        <ReportedPaymentsCard />
        <ReceivableCard />
        <WeekHoursCard />
        <RunningLowCard />
        <ExpiringSoonCard />
        <div className={classes.wide}>
          <MonthlyChartCard />
        </div>
      </div>
    </>
  );
}
