import { setImmediate as nextTurn } from 'node:timers/promises';
import { PDFDocument } from 'pdf-lib';
import { calendarDateText, dateText } from '../../shared/dates.js';
import { formatDollars, formatHours } from '../../shared/format.js';
import type { Provider } from '../config.js';
import type { StatementData } from '../modules/activities/statement.js';
import { MARGIN, RIGHT_EDGE, addressLines, colors, createWriter, drawFooters, drawLogo, drawRule, drawTableHeader, drawText, ensureRoom, truncate, writeLine, type PdfLogo, type Writer } from './layout.js';
import { toWinAnsi } from './winansi.js';

/*
 * The customer's statement: opening balance, every ledger entry of the period with the balance
 * after it, closing balance, and the period's invoices and payments with their totals. Long
 * periods run over many pages, each table repeating its header; rendering yields to the event loop
 * every few hundred rows and while saving, so a statement of thousands of entries does not hold
 * up the server.
 */

const ROWS_PER_TURN = 100;
const ROW_HEIGHT = 14;

type Table<Row> = { columns: [string, number, 'left' | 'right'][]; cells: (row: Row) => string[]; widths: number[] };

export async function renderStatementPdf(data: StatementData, provider: Provider, issuedAt: Date, logo?: PdfLogo | null): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(toWinAnsi(`Statement ${data.company.name} ${data.period.from} to ${data.period.to}`));
  doc.setAuthor(toWinAnsi(provider.name));
  doc.setCreator('Hourbank');
  doc.setCreationDate(issuedAt);
  doc.setModificationDate(issuedAt);
  const writer = await createWriter(doc);
  // instants read as every date of the app does ('Mar 2, 2026'), in the zone the period is in
  const zone = data.period.timeZone;

  await drawLogo(writer, logo);
  drawHeader(writer, data, provider, dateText(issuedAt, zone));
  drawSummary(writer, data);
  writeLine(writer, 'Activities', { font: 'bold', size: 13 }, 20);
  await drawTable(writer, data.entries, activityTable(zone), 'No activities in this period.');
  drawTotalLine(writer, 'Closing balance', `${formatHours(data.closingHours)} hours`);
  writeLine(writer, 'Invoices', { font: 'bold', size: 13 }, 20);
  await drawTable(writer, data.invoices, invoiceTable(zone), 'No invoices in this period.');
  drawTotalLine(writer, 'Total invoiced', formatDollars(data.invoicedTotal));
  writeLine(writer, 'Payments', { font: 'bold', size: 13 }, 20);
  await drawTable(writer, data.payments, paymentTable(zone), 'No payments in this period.');
  drawTotalLine(writer, 'Total paid (completed payments)', formatDollars(data.paidTotal));

  drawFooters(doc, writer.fonts.regular, `${provider.name}  |  Statement for ${data.company.name}, ${data.period.from} to ${data.period.to}`);
  return doc.save({ objectsPerTick: 50 });
}

function drawHeader(writer: Writer, data: StatementData, provider: Provider, issued: string) {
  const top = writer.y;
  writeLine(writer, provider.name, { font: 'bold', size: 16 }, 20);
  writeLine(writer, data.company.name, { font: 'bold', size: 12 }, 15);
  for (const line of addressLines(data.company.address)) writeLine(writer, line, { size: 10, color: colors.muted }, 13);
  const leftBottom = writer.y;
  writer.y = top;
  drawText(writer, 'STATEMENT', RIGHT_EDGE, { font: 'bold', size: 22, color: colors.accent }, 'right');
  writer.y -= 26;
  drawText(writer, `${calendarDateText(data.period.from, 'date')} to ${calendarDateText(data.period.to, 'date')}`, RIGHT_EDGE, { font: 'bold', size: 10 }, 'right');
  writer.y -= 14;
  drawText(writer, `Issued ${issued}`, RIGHT_EDGE, { size: 10, color: colors.muted }, 'right');
  writer.y = Math.min(leftBottom, writer.y - 14) - 6;
  drawRule(writer);
  writer.y -= 22;
}

function drawSummary(writer: Writer, data: StatementData) {
  const added = data.entries.reduce((sum, entry) => (entry.status === 'completed' && entry.hours > 0 ? sum + entry.hours : sum), 0);
  const used = data.entries.reduce((sum, entry) => (entry.status === 'completed' && entry.hours < 0 ? sum - entry.hours : sum), 0);
  const lines: [string, string][] = [
    ['Opening balance', `${formatHours(data.openingHours)} hours`],
    ['Hours added', formatHours(added)],
    ['Hours used', formatHours(used)],
    ['Closing balance', `${formatHours(data.closingHours)} hours`],
  ];
  for (const [label, value] of lines) {
    ensureRoom(writer, ROW_HEIGHT);
    drawText(writer, label, MARGIN, { size: 10, color: colors.muted });
    drawText(writer, value, MARGIN + 220, { font: 'bold', size: 10 }, 'right');
    writer.y -= ROW_HEIGHT;
  }
  writer.y -= 14;
}

function drawTotalLine(writer: Writer, label: string, value: string) {
  ensureRoom(writer, 30);
  drawRule(writer);
  writer.y -= 14;
  drawText(writer, label, MARGIN + 8, { font: 'bold', size: 10 });
  drawText(writer, value, RIGHT_EDGE - 8, { font: 'bold', size: 10 }, 'right');
  writer.y -= 28;
}

/** Rows under a header that comes again at the top of every page the table runs onto. */
async function drawTable<Row>(writer: Writer, rows: Row[], table: Table<Row>, emptyText: string) {
  drawTableHeader(writer, table.columns);
  if (rows.length === 0) writeLine(writer, emptyText, { size: 10, color: colors.muted }, ROW_HEIGHT);
  for (let index = 0; index < rows.length; index += 1) {
    const page = writer.page;
    ensureRoom(writer, ROW_HEIGHT);
    if (writer.page !== page) drawTableHeader(writer, table.columns);
    const cells = table.cells(rows[index]!);
    table.columns.forEach(([, x, align], column) => {
      drawText(writer, truncate(writer.fonts.regular, cells[column] ?? '', 9, table.widths[column]!), x, { size: 9 }, align);
    });
    writer.y -= ROW_HEIGHT;
    if ((index + 1) % ROWS_PER_TURN === 0) await nextTurn();
  }
}

const at = { first: MARGIN + 8, right: RIGHT_EDGE - 8 };

function activityTable(zone: string): Table<StatementData['entries'][number]> {
  return {
    columns: [
      ['Date', at.first, 'left'],
      ['Description', at.first + 75, 'left'],
      ['Type', 365, 'left'],
      ['Hours', 460, 'right'],
      ['Balance', at.right, 'right'],
    ],
    widths: [70, 205, 80, 60, 70],
    cells: (entry) => [dateText(entry.timeStamp, zone), entry.description, entry.status === 'pending' ? `${entry.activityType} (pending)` : entry.activityType, formatHours(entry.hours), formatHours(entry.balanceAfter)],
  };
}

function invoiceTable(zone: string): Table<StatementData['invoices'][number]> {
  return {
    columns: [
      ['Date', at.first, 'left'],
      ['Invoice', at.first + 75, 'left'],
      ['Description', at.first + 160, 'left'],
      ['Hours', 370, 'right'],
      // room for the word and the partial state beside it: 'Pending (partly paid)'
      ['Status', 382, 'left'],
      ['Price', at.right, 'right'],
    ],
    widths: [70, 80, 130, 45, 100, 70],
    cells: (invoice) => [dateText(invoice.date, zone), invoice.number, invoice.description, formatHours(invoice.hours), invoice.status, formatDollars(invoice.price)],
  };
}

function paymentTable(zone: string): Table<StatementData['payments'][number]> {
  return {
    columns: [
      ['Date', at.first, 'left'],
      ['Invoice', at.first + 75, 'left'],
      ['Method', at.first + 160, 'left'],
      ['Status', at.first + 260, 'left'],
      ['Amount', at.right, 'right'],
    ],
    widths: [70, 80, 95, 100, 90],
    cells: (payment) => [dateText(payment.date, zone), payment.invoiceNumber, payment.method, payment.status, formatDollars(payment.amount)],
  };
}
