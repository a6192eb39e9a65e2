import { Accordion, Button, Center, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { IconCashBanknote, IconFileTypePdf } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { invoiceStatus, type InvoiceDto } from '../../../shared/invoices.js';
import { dateText } from '../../../shared/dates.js';
import { formatDollars } from '../../../shared/format.js';
import { howToPay, type Payee } from '../../../shared/payment-options.js';
import { HowToPayDetails } from '../../components/HowToPayDetails.js';
import { LoadMoreButton } from '../../components/LoadMoreButton.js';
import { PageHeader } from '../../components/PageHeader.js';
import { InvoiceStatus } from '../../components/InvoiceStatus.js';
import { StatusBadge } from '../../components/StatusBadge.js';
import { combinePages, LOAD_MORE_PAGE_SIZE } from '../../lib/loadMore.js';
import { usePageTitle } from '../../lib/usePageTitle.js';
import { trpc } from '../../trpc.js';
import { ReportedPaymentNote } from './ReportedPaymentNote.js';
import { ReportPaymentDialog } from './ReportPaymentDialog.js';


const formatDate = (iso: string) => (iso ? dateText(iso) : '');

/** The company's invoices, each with its payments, its PDF and, while unpaid, how to pay it. */
export function InvoicesPage() {
  usePageTitle('Invoices');
  const [pageCount, setPageCount] = useState(1);
  const invoices = combinePages(
    trpc.useQueries((t) => Array.from({ length: pageCount }, (_, index) => t.invoices.list({ page: index + 1, perPage: LOAD_MORE_PAGE_SIZE }))),
  );
  const [pdfOf, setPdfOf] = useState<InvoiceDto | null>(null);
  const [reportingOn, setReportingOn] = useState<InvoiceDto | null>(null);
  const payee = trpc.branding.paymentDetails.useQuery(undefined, { staleTime: 5 * 60_000 }).data;

  useEffect(() => {
    if (invoices.error) console.error('Invoices failed to load', invoices.error);
  }, [invoices.error]);

  return (
    <>
      <PageHeader title="Invoices" subtitle="Your invoices, their payments and their documents." />
      {invoices.isPending && (
        <Center py="xl">
          <Loader aria-label="Loading invoices" />
        </Center>
      )}
      {!invoices.isPending && invoices.items.length === 0 && <Text c="dimmed">No Invoices Found</Text>}
      {invoices.items.length > 0 && (
        <Accordion variant="separated" multiple>
          {invoices.items.map((invoice) => (
            <InvoiceEntry key={invoice._id} invoice={invoice} payee={payee} onViewPdf={() => setPdfOf(invoice)} onReportPayment={() => setReportingOn(invoice)} />
          ))}
        </Accordion>
      )}
      <LoadMoreButton shown={invoices.items.length} total={invoices.total} totalIsCapped={invoices.totalIsCapped} loading={invoices.isLoadingMore} onClick={() => setPageCount((count) => count + 1)} />
      {reportingOn && <ReportPaymentDialog invoice={reportingOn} onClose={() => setReportingOn(null)} />}
      <Modal opened={pdfOf !== null} onClose={() => setPdfOf(null)} title={pdfOf ? `Invoice ${pdfOf.invoiceId}` : ''} size="auto" centered>
        {pdfOf && (
          <iframe
            src={pdfOf.pdfUrl}
            title={`Invoice ${pdfOf.invoiceId} PDF`}
            width={640}
            height={480}
            style={{ border: '1px solid var(--mantine-color-gray-3)', maxWidth: '100%', display: 'block' }}
          />
        )}
      </Modal>
    </>
  );
}

type InvoiceEntryProps = { invoice: InvoiceDto; payee: Payee | undefined; onViewPdf: () => void; onReportPayment: () => void };

function InvoiceEntry({ invoice, payee, onViewPdf, onReportPayment }: InvoiceEntryProps) {
  const status = invoiceStatus(invoice);
  const toPay = payee ? howToPay(invoice, payee) : null;
  const reportPending = invoice.reportedPayment?.status === 'pending';
  // a payment may be reported on an invoice with something owed and no report waiting (docs/product-rules.md#payments-the-customer-reports)
  const mayReport = !invoice.completeStatus && invoice.remainingBalance > 0 && !reportPending;
  return (
    <Accordion.Item value={invoice._id}>
      <Accordion.Control>
        <Group justify="space-between" wrap="wrap" gap="xs" pr="sm">
          <Stack gap={0}>
            <Text fw={600}>Invoice {invoice.invoiceId}</Text>
            <Text size="sm" c="dimmed">
              {formatDate(invoice.transactionDate)}
            </Text>
          </Stack>
          <Group gap="sm">
            {/* what is left, beside the price, once a payment has come in */}
            {status.partlyPaid && <Text size="sm">Due {formatDollars(invoice.remainingBalance)}</Text>}
            <Text fw={500}>{formatDollars(invoice.price)}</Text>
            <InvoiceStatus invoice={invoice} reportPending={reportPending} />
          </Group>
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="sm">
          <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 16, rowGap: 4 }}>
            <Detail term="Description" wrapAnywhere>
              {invoice.description}
            </Detail>
            <Detail term="Price">{formatDollars(invoice.price)}</Detail>
            <Detail term="Balance">{formatDollars(invoice.remainingBalance)}</Detail>
            <Detail term="Status">{status.text}</Detail>
          </dl>
          <ReportedPaymentNote report={invoice.reportedPayment} />
          {toPay && <HowToPayDetails content={toPay} />}
          <Text fw={600} size="sm">
            Payments
          </Text>
          {invoice.payments.length === 0 ? (
            <Text size="sm" c="dimmed">
              No payments yet.
            </Text>
          ) : (
            // on a phone the table scrolls sideways: its viewport takes the focus so the keyboard can scroll it too
            <Table.ScrollContainer minWidth={480} scrollAreaProps={{ viewportProps: { tabIndex: 0, 'aria-label': `Payments of invoice ${invoice.invoiceId}, scrolls sideways` } }}>
              <Table striped withTableBorder fz="sm" aria-label={`Payments of invoice ${invoice.invoiceId}`}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Date</Table.Th>
                    <Table.Th>Amount</Table.Th>
                    <Table.Th>Method</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Description</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {invoice.payments.map((payment) => (
                    <Table.Tr key={payment._id}>
                      <Table.Td>{formatDate(payment.paymentDate)}</Table.Td>
                      <Table.Td>{formatDollars(payment.amount)}</Table.Td>
                      <Table.Td>{payment.method}</Table.Td>
                      <Table.Td>
                        <StatusBadge status={payment.status} />
                      </Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{payment.description}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Group>
            <Button variant="light" size="xs" leftSection={<IconFileTypePdf size={16} aria-hidden="true" />} onClick={onViewPdf}>
              View PDF
            </Button>
            {mayReport && (
              <Button size="xs" leftSection={<IconCashBanknote size={16} aria-hidden="true" />} onClick={onReportPayment}>
                I&apos;ve sent the payment
              </Button>
            )}
          </Group>
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

/** One term of an invoice's details and its value. */
function Detail({ term, wrapAnywhere, children }: { term: string; wrapAnywhere?: boolean; children: ReactNode }) {
  return (
    <>
      <Text component="dt" c="dimmed" size="sm">
        {term}
      </Text>
      <Text component="dd" m={0} size="sm" style={wrapAnywhere ? { overflowWrap: 'anywhere' } : undefined}>
        {children}
      </Text>
    </>
  );
}
