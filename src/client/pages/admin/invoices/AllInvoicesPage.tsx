import { IconEdit, IconMail, IconTrash } from '@tabler/icons-react';
import { MissingPaymentDetailsBanner } from '../MissingPaymentDetailsBanner.js';
import { keepPreviousData } from '@tanstack/react-query';
import { INVOICE_HAS_PAYMENTS, type InvoiceDto, type InvoiceSortKey } from '../../../../shared/invoices.js';
import { formatDollars, formatHours } from '../../../../shared/format.js';
import { AdminList, ConfirmAction, FilterSwitch, RowAction, useAdminList, useDialog, type Column, listCache } from '../../../components/admin-list/index.js';
import { trpc } from '../../../trpc.js';
import { lazyPart } from '../../../lib/lazyNamed.js';
import { invoiceDateText, invoiceMethodText, invoiceStatusText } from './invoiceText.js';

// The editor and its date picker (@mantine/dates, dayjs) load after the list has shown.
const InvoiceDialog = lazyPart(() => import('./InvoiceDialog.js'), 'InvoiceDialog', { prefetch: true });

type InvoiceAction = { kind: keyof typeof confirmations; invoice: InvoiceDto };

const columns: Column<InvoiceDto>[] = [
  { key: 'companyName', header: 'Company', sortable: true, render: (invoice) => invoice.companyName },
  { key: 'hours', header: 'Hours', sortable: true, align: 'right', render: (invoice) => formatHours(invoice.hours) },
  { key: 'price', header: 'Price', sortable: true, align: 'right', render: (invoice) => formatDollars(invoice.price) },
  { key: 'remainingBalance', header: 'Balance', sortable: true, align: 'right', render: (invoice) => formatDollars(invoice.remainingBalance) },
  { key: 'description', header: 'Description', sortable: true, render: (invoice) => invoice.description },
  { key: 'selectedPaymentMethod', header: 'Payment Method', sortable: true, render: (invoice) => invoiceMethodText(invoice.selectedPaymentMethod) },
  { key: 'transactionDate', header: 'Transaction Date', sortable: true, render: (invoice) => invoiceDateText(invoice.transactionDate) },
  { key: 'status', header: 'Status', sortable: true, render: invoiceStatusText },
];

const confirmations = {
  delete: { title: 'Confirm Delete', message: INVOICE_HAS_PAYMENTS, confirmLabel: 'Delete', confirmColor: 'red' },
  reminder: { title: 'Confirm Send Email', message: 'Are you sure you want to send an OPEN BALANCE email reminder?', confirmLabel: 'Send Email' },
};

/** Invoices List (/allinvoices): docs/product-rules.md#invoices. */
export function AllInvoicesPage() {
  const utils = trpc.useUtils();
  const list = useAdminList<InvoiceSortKey, { openOnly: boolean }>({
    defaultSort: { key: 'transactionDate', direction: 'desc' },
    filters: { openOnly: false },
    filtersInAddress: true,
  });
  const invoices = trpc.superadmin.invoices.list.useQuery(list.query, { placeholderData: keepPreviousData });
  const editor = useDialog<Partial<InvoiceDto>>();
  const actions = useDialog<InvoiceAction>();

  const { save: replaceRow, remove: removeRow } = listCache(utils.superadmin.invoices.list, list.query);

  const mutations = {
    delete: trpc.superadmin.invoices.delete.useMutation({ onSuccess: (_result, { id }) => removeRow(id) }),
    reminder: trpc.superadmin.invoices.openBalance.useMutation(),
  };
  const action = actions.target;

  return (
    <>
      <MissingPaymentDetailsBanner />
      <AdminList
        exportList="invoices"
        title="Invoices"
        list={list}
        query={invoices}
        columns={columns}
        rowKey={(invoice) => invoice._id}
        emptyText="No Invoices Found"
        companyFilter
        filters={
          <FilterSwitch label="Unpaid and partly paid only" checked={list.filters.openOnly} onChange={(openOnly) => list.setFilters({ openOnly })} />
        }
        onAdd={() => editor.open({})}
        addLabel="Add Invoice"
        actions={(invoice) => (
          <>
            <RowAction label="Send Open Balance Reminder" onClick={() => actions.open({ kind: 'reminder', invoice })}>
              <IconMail size={18} />
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
      {action && (
        <ConfirmAction {...confirmations[action.kind]} mutation={mutations[action.kind]} input={{ id: action.invoice._id }} onClose={actions.close} />
      )}
    </>
  );
}
