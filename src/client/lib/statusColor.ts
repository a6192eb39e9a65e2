/*
 * The colour a status badge shows, one rule for invoices (Completed, Pending) and payments
 * (completed, pending, failed, refunded; free text otherwise): paid is green, waiting is blue, money
 * that did not arrive or went back is red and grape, and any other text is grey.
 */
const COLORS: Readonly<Record<string, string>> = {
  completed: 'green',
  // a webhook delivery the endpoint took
  delivered: 'green',
  pending: 'blue',
  failed: 'red',
  refunded: 'grape',
};

export function statusColor(status: string): string {
  return COLORS[status.trim().toLowerCase()] ?? 'gray';
}
