import { Text } from '@mantine/core';
import type { InvoiceDto } from '../../../../shared/invoices.js';
import { formatDollars, formatHours } from '../../../../shared/format.js';
import type { Column } from '../../../components/records/index.js';
import { CompanyLink } from '../../../components/CompanyLink.js';
import { InvoiceStatus } from '../../../components/InvoiceStatus.js';
import { invoiceDateText, invoiceMethodText } from './invoiceText.js';
import classes from './AllInvoicesPage.module.css';

// the description column's share of a 1440 px screen; the full text shows on hover
const DESCRIPTION_WIDTH = 200;

/** The Invoices List's columns; a company's page shows them without Company. */
export const invoiceColumns: Column<InvoiceDto>[] = [
  { key: 'invoiceId', header: 'Invoice', render: (invoice) => <span className={classes.oneLine}>{invoice.invoiceId}</span> },
  { key: 'companyName', header: 'Company', sortable: true, render: (invoice) => <CompanyLink companyId={invoice.company}>{invoice.companyName}</CompanyLink> },
  { key: 'hours', header: 'Hours', sortable: true, align: 'right', render: (invoice) => formatHours(invoice.hours) },
  { key: 'price', header: 'Price', sortable: true, align: 'right', render: (invoice) => formatDollars(invoice.price) },
  { key: 'remainingBalance', header: 'Balance', sortable: true, align: 'right', render: (invoice) => formatDollars(invoice.remainingBalance) },
  {
    key: 'description',
    header: 'Description',
    sortable: true,
    render: (invoice) => (
      <Text inherit truncate="end" maw={DESCRIPTION_WIDTH} title={invoice.description}>
        {invoice.description}
      </Text>
    ),
  },
  { key: 'selectedPaymentMethod', header: 'Payment Method', sortable: true, render: (invoice) => invoiceMethodText(invoice.selectedPaymentMethod) },
  { key: 'transactionDate', header: 'Transaction Date', sortable: true, render: (invoice) => <span className={classes.oneLine}>{invoiceDateText(invoice.transactionDate)}</span> },
  { key: 'status', header: 'Status', sortable: true, render: (invoice) => <InvoiceStatus invoice={invoice} reportPending={invoice.reportedPayment?.status === 'pending'} /> },
];
