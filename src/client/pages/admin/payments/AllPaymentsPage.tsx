import { IconEdit, IconHistory, IconTrash } from '@tabler/icons-react';
import { keepPreviousData } from '@tanstack/react-query';
import type { PaymentDto, PaymentSortKey } from '../../../../shared/payments.js';
import { AdminList, ConfirmAction, DateRangeFilter, RowAction, deleteConfirmation, inCompanyFilter, listCache, useAdminList, useDialog } from '../../../components/records/index.js';
import { RecordHistoryDialog } from '../../../components/events/RecordHistory.js';
import { trpc } from '../../../trpc.js';
import { formatDollars } from '../../../../shared/format.js';
import { lazyPart } from '../../../lib/lazyNamed.js';
import { toastDone } from '../../../lib/toast.js';
import { paymentColumns } from './paymentColumns.js';
import { paymentText } from './paymentText.js';

// The editor and its date picker (@mantine/dates, dayjs) load after the list has shown.
const PaymentDialog = lazyPart(() => import('./PaymentDialog.js'), 'PaymentDialog', { prefetch: true });


/**
 * Payments List (/allpayments): the server searches, filters, sorts and pages. A change
 * updates the page on screen and marks the invoices (whose balances moved) for loading again.
 */
export function AllPaymentsPage() {
  const utils = trpc.useUtils();
  const list = useAdminList<PaymentSortKey, { from: string; to: string }>({
    defaultSort: { key: 'paymentDate', direction: 'desc' },
    filters: { from: '', to: '' },
    filtersInAddress: true,
  });
  const payments = trpc.superadmin.payments.list.useQuery(list.query, { placeholderData: keepPreviousData });
  const editor = useDialog<Partial<PaymentDto>>();
  const deleting = useDialog<PaymentDto>();
  const history = useDialog<PaymentDto>();

  const { save: replaceRow, remove: removeRow } = listCache(utils.superadmin.payments.list, list.query);
  const remove = trpc.superadmin.payments.delete.useMutation({
    onSuccess: (_result, { id }) => {
      const gone = deleting.target;
      removeRow(id);
      toastDone('Payment deleted', gone ? paymentText(gone) : undefined);
    },
  });

  return (
    <>
      <AdminList
        exportList="payments"
        title="Payments"
        list={list}
        query={payments}
        columns={paymentColumns}
        rowKey={(payment) => payment._id}
        emptyText="No Payments Found"
        companyFilter
        filters={<DateRangeFilter what="Payments" value={list.filters} onChange={(range) => list.setFilters({ ...list.filters, ...range })} />}
        onAdd={() => editor.open({})}
        addLabel="Add Payment"
        emptyHint="Record each payment that arrives against an invoice; an invoice paid in full makes its hours active."
        emptyAction="Record your first payment"
        onRefresh={() => {
          void payments.refetch();
          void utils.superadmin.invoices.invalidate();
        }}
        actions={(payment) => (
          <>
            <RowAction label="Payment History" onClick={() => history.open(payment)}>
              <IconHistory size={18} />
            </RowAction>
            <RowAction label="Edit Payment" onClick={() => editor.open(payment)}>
              <IconEdit size={18} />
            </RowAction>
            <RowAction label="Delete Payment" color="red" onClick={() => deleting.open(payment)}>
              <IconTrash size={18} />
            </RowAction>
          </>
        )}
      />
      {editor.target && (
        <PaymentDialog
          payment={editor.target}
          defaultCompanyId={list.companyId}
          onClose={editor.close}
          onSaved={(saved) => (replaceRow(saved, inCompanyFilter(list.companyId, saved)), editor.close())}
        />
      )}
      {history.target && <RecordHistoryDialog what={`the payment of ${formatDollars(history.target.amount)} on invoice ${history.target.invoice.invoiceId}`} subjectId={history.target._id} onClose={history.close} />}
      {deleting.target && <ConfirmAction {...deleteConfirmation('Payment')} mutation={remove} input={{ id: deleting.target._id }} onClose={deleting.close} />}
    </>
  );
}
