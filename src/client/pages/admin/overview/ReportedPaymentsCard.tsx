import { Text } from '@mantine/core';
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
import { ActionList } from './ActionList.js';

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
        <ActionList
          items={reports.data.oldest.map((report) => ({
            key: report._id,
            content: (
              <>
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
              </>
            ),
            action: { label: 'Review', name: `Review the payment reported for invoice ${report.invoice.invoiceId}`, onClick: () => setReviewing(report) },
          }))}
        />
      )}
      {reviewing && <ReviewReportDialog report={reviewing} onClose={() => setReviewing(null)} />}
    </DashboardCard>
  );
}
