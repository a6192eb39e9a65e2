import { Button, Group, Text } from '@mantine/core';
import { IconCashBanknote } from '@tabler/icons-react';
import { useState } from 'react';
import { dateText } from '../../../../shared/dates.js';
import { formatDollars } from '../../../../shared/format.js';
import type { ReportedPaymentDto } from '../../../../shared/reported-payments.js';
import { CompanyLink } from '../../../components/CompanyLink.js';
import { DashboardCard } from '../../../components/DashboardCard.js';
import { lazyPart } from '../../../lib/lazyNamed.js';
import { trpc } from '../../../trpc.js';
import { CardState } from './CardState.js';
import classes from './OverviewPage.module.css';

// the review form (payment fields, rejection) in a chunk of its own, fetched once the overview shows
const ReviewReportDialog = lazyPart(() => import('../reported-payments/ReviewReportDialog.js'), 'ReviewReportDialog', { prefetch: true });

/** 'Payment reported (n)': the reports waiting for a decision, oldest first, each confirmed or rejected from here. */
export function ReportedPaymentsCard() {
  const reports = trpc.superadmin.reportedPayments.pending.useQuery();
  const [reviewing, setReviewing] = useState<ReportedPaymentDto | null>(null);
  return (
    <DashboardCard title={`Payment reported (${reports.data?.count ?? '…'})`} icon={IconCashBanknote} action={{ label: 'View Unpaid Invoices', href: '/allinvoices?openOnly=true' }}>
      <CardState query={reports} what="reported payments" />
      {reports.data?.oldest.length === 0 && <Text c="dimmed">No payments waiting for confirmation.</Text>}
      {reports.data && reports.data.oldest.length > 0 && (
        <ul className={classes.list}>
          {reports.data.oldest.map((report) => (
            <li key={report._id}>
              <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                <div className={classes.wrap}>
                  <Text fw={500}>
                    {formatDollars(report.amount)} · invoice {report.invoice.invoiceId}
                  </Text>
                  {/* the link on a line of its own: beside dimmed text its colour alone would not set it apart */}
                  <Text size="sm">
                    <CompanyLink companyId={report.company}>{report.companyName}</CompanyLink>
                  </Text>
                  <Text size="sm" c="dimmed">
                    {report.method}, sent {dateText(report.paidOn)}
                  </Text>
                </div>
                <Button size="xs" variant="default" flex="none" onClick={() => setReviewing(report)} aria-label={`Review the payment reported for invoice ${report.invoice.invoiceId}`}>
                  Review
                </Button>
              </Group>
            </li>
          ))}
        </ul>
      )}
      {reviewing && <ReviewReportDialog report={reviewing} onClose={() => setReviewing(null)} />}
    </DashboardCard>
  );
}
