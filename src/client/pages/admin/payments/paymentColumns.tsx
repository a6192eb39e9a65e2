import type { PaymentDto } from '../../../../shared/payments.js';
import { dateTimeText } from '../../../../shared/dates.js';
import { formatDollars } from '../../../../shared/format.js';
import type { Column } from '../../../components/records/index.js';
import { CompanyLink } from '../../../components/CompanyLink.js';
import { StatusBadge } from '../../../components/StatusBadge.js';

/** The Payments List's columns; a company's page shows them without Company Name. */
export const paymentColumns: Column<PaymentDto>[] = [
  { key: 'companyName', header: 'Company Name', sortable: true, render: (payment) => <CompanyLink companyId={payment.company}>{payment.companyName}</CompanyLink> },
  { key: 'amount', header: 'Amount', sortable: true, align: 'right', render: (payment) => formatDollars(payment.amount) },
  { key: 'paymentDate', header: 'Date', sortable: true, render: (payment) => dateTimeText(payment.paymentDate) },
  { key: 'method', header: 'Method', sortable: true, render: (payment) => payment.method },
  { key: 'invoice', header: 'Invoice', sortable: true, render: (payment) => payment.invoice.invoiceId },
  { key: 'status', header: 'Status', sortable: true, render: (payment) => <StatusBadge status={payment.status} /> },
];
