import { Text } from '@mantine/core';
import { IconCash, IconCashBanknote, IconEdit, IconFileTypePdf, IconHistory, IconMail, IconTrash } from '@tabler/icons-react';
import { MissingPaymentDetailsBanner } from '../MissingPaymentDetailsBanner.js';
import { keepPreviousData } from '@tanstack/react-query';
import { INVOICE_HAS_PAYMENTS, type InvoiceDto, type InvoiceSortKey } from '../../../../shared/invoices.js';
import { formatDollars } from '../../../../shared/format.js';
import { paymentPrefillFor, type PaymentDto } from '../../../../shared/payments.js';
import type { ReportedPaymentDto } from '../../../../shared/reported-payments.js';
import { AdminList, ConfirmAction, DateRangeFilter, FilterSwitch, OneRowNotice, RowAction, useAdminList, useDialog, listCache } from '../../../components/records/index.js';
import { RecordHistoryDialog } from '../../../components/events/RecordHistory.js';
import { trpc } from '../../../trpc.js';
import { lazyPart } from '../../../lib/lazyNamed.js';
import { toastDone } from '../../../lib/toast.js';
import { invoiceColumns } from './invoiceColumns.js';
import { openPdf, pdfLinkFresh } from './invoicePdf.js';
import classes from './AllInvoicesPage.module.css';

// The editors and their date pickers (@mantine/dates, dayjs) load after the list has shown.
const InvoiceDialog = lazyPart(() => import('./InvoiceDialog.js'), 'InvoiceDialog', { prefetch: true });
const PaymentDialog = lazyPart(() => import('../payments/PaymentDialog.js'), 'PaymentDialog', { prefetch: true });
const ReviewReportDialog = lazyPart(() => import('../reported-payments/ReviewReportDialog.js'), 'ReviewReportDialog', { prefetch: true });

type InvoiceAction = { kind: 'delete' | 'reminder'; invoice: InvoiceDto };

/** Nothing is owed: no payment to record and no open balance to remind of. */
const isPaid = (invoice: InvoiceDto) => invoice.completeStatus || invoice.remainingBalance <= 0;


function confirmationOf({ kind, invoice }: InvoiceAction) {
  if (kind === 'delete') return { title: 'Confirm Delete', message: INVOICE_HAS_PAYMENTS, confirmLabel: 'Delete', confirmColor: 'red' };
  return {
    title: 'Confirm Send Email',
    message: (
      <>
        <Text>Are you sure you want to send an OPEN BALANCE email reminder?</Text>
        <Text mt="xs" fw={500}>
          Invoice {invoice.invoiceId} for {invoice.companyName}: {formatDollars(invoice.remainingBalance)} open.
        </Text>
      </>
    ),
    confirmLabel: 'Send Email',
  };
}

/** A new payment for the invoice: its company and invoice chosen, its open balance by the intended method. */
function paymentFor(invoice: InvoiceDto): Partial<PaymentDto> {
  const { amount, method } = paymentPrefillFor(invoice);
  return { company: invoice.company, invoice: { _id: invoice._id, invoiceId: invoice.invoiceId }, amount: amount ?? undefined, method: method ?? undefined };
}

/** Invoices List (/allinvoices): docs/product-rules.md#invoices. */
export function AllInvoicesPage() {
  const utils = trpc.useUtils();
  const list = useAdminList<InvoiceSortKey, { openOnly: boolean; from: string; to: string; id: string }>({
    defaultSort: { key: 'transactionDate', direction: 'desc' },
    filters: { openOnly: false, from: '', to: '', id: '' },
    filtersInAddress: true,
  });
  const invoices = trpc.superadmin.invoices.list.useQuery(list.query, { placeholderData: keepPreviousData });
  const editor = useDialog<Partial<InvoiceDto>>();
  const payer = useDialog<Partial<PaymentDto>>();
  const actions = useDialog<InvoiceAction>();
  const history = useDialog<InvoiceDto>();
  const reviewer = useDialog<ReportedPaymentDto>();

  const { save: replaceRow, remove: removeRow } = listCache(utils.superadmin.invoices.list, list.query);
  const action = actions.target;

  const mutations = {
    delete: trpc.superadmin.invoices.delete.useMutation({
      onSuccess: (_result, { id }) => {
        removeRow(id);
        if (action) toastDone(`Invoice ${action.invoice.invoiceId} deleted`, action.invoice.companyName);
      },
    }),
    reminder: trpc.superadmin.invoices.openBalance.useMutation({
      onSuccess: () => {
        if (action) toastDone(`Reminder sent to ${action.invoice.companyName}`, `Invoice ${action.invoice.invoiceId}: ${formatDollars(action.invoice.remainingBalance)} open.`);
      },
    }),
  };

  // The list may have stood open past its PDF links' lifetime: ask for fresh ones first.
  const showPdf = async (invoice: InvoiceDto) => {
    if (pdfLinkFresh(invoice.pdfUrl, Date.now())) return openPdf(invoice.pdfUrl);
    const fresh = (await invoices.refetch()).data?.items.find((row) => row._id === invoice._id);
    openPdf(fresh?.pdfUrl ?? invoice.pdfUrl);
  };

  return (
    <div className={classes.invoices}>
      <MissingPaymentDetailsBanner />
      <AdminList
        exportList="invoices"
        title="Invoices"
        list={list}
        query={invoices}
        columns={invoiceColumns}
        rowKey={(invoice) => invoice._id}
        emptyText="No Invoices Found"
        companyFilter
        notice={list.filters.id && <OneRowNotice noun="invoice" onShowAll={() => list.setFilters({ ...list.filters, id: '' })} />}
        filters={
          <>
            <DateRangeFilter what="Invoices" value={list.filters} onChange={(range) => list.setFilters({ ...list.filters, ...range })} />
            <FilterSwitch label="Unpaid and partly paid only" checked={list.filters.openOnly} onChange={(openOnly) => list.setFilters({ ...list.filters, openOnly })} />
          </>
        }
        onAdd={() => editor.open({})}
        addLabel="Add Invoice"
        emptyHint="Invoices appear when customers buy a package; you can also invoice a company for a package or for hours you set."
        emptyAction="Create your first invoice"
        actions={(invoice) => (
          <>
            {invoice.reportedPayment?.status === 'pending' && (
              <RowAction label="Review Reported Payment" color="blue" onClick={() => reviewer.open(invoice.reportedPayment!)}>
                <IconCashBanknote size={18} />
              </RowAction>
            )}
            <RowAction label="Record Payment" color="green" disabled={isPaid(invoice)} onClick={() => payer.open(paymentFor(invoice))}>
              <IconCash size={18} />
            </RowAction>
            <RowAction label="Send Open Balance Reminder" disabled={isPaid(invoice)} onClick={() => actions.open({ kind: 'reminder', invoice })}>
              <IconMail size={18} />
            </RowAction>
            <RowAction label="Open Invoice PDF" onClick={() => void showPdf(invoice)}>
              <IconFileTypePdf size={18} />
            </RowAction>
            <RowAction label="Invoice History" onClick={() => history.open(invoice)}>
              <IconHistory size={18} />
            </RowAction>
            <RowAction label="Edit Invoice" onClick={() => editor.open(invoice)}>
              <IconEdit size={18} />
            </RowAction>
            <RowAction label="Delete Invoice" color="red" disabled={invoice.payments.length > 0} onClick={() => actions.open({ kind: 'delete', invoice })}>
              <IconTrash size={18} />
            </RowAction>
          </>
        )}
      />
      {editor.target && (
        <InvoiceDialog
          invoice={editor.target}
          defaultCompanyId={list.companyId}
          onClose={editor.close}
          onSaved={(saved) => (replaceRow(saved), editor.close())}
        />
      )}
      {payer.target && (
        <PaymentDialog
          payment={payer.target}
          addTitle="Record Payment"
          defaultCompanyId={list.companyId}
          onClose={payer.close}
          onSaved={() => {
            payer.close();
            // the invoice's balance and status moved, and the payments list has a new row
            void utils.superadmin.invoices.invalidate();
            void utils.superadmin.payments.invalidate();
          }}
        />
      )}
      {reviewer.target && <ReviewReportDialog report={reviewer.target} onClose={reviewer.close} />}
      {history.target && <RecordHistoryDialog what={`invoice ${history.target.invoiceId}`} subjectId={history.target._id} onClose={history.close} />}
      {action && <ConfirmAction {...confirmationOf(action)} mutation={mutations[action.kind]} input={{ id: action.invoice._id }} onClose={actions.close} />}
    </div>
  );
}
