import { PDFDocument } from 'pdf-lib';
import { dateText } from '../../shared/dates.js';
import { formatDollars, formatHours } from '../../shared/format.js';
import { CHOSEN_METHOD_NOTE, howToPay, paymentMethodLabel, type HowToPay, type HowToPayMethod } from '../../shared/payment-options.js';
import type { Provider } from '../config.js';
import {
  CONTENT_WIDTH,
  MARGIN,
  RIGHT_EDGE,
  addressLines,
  colors,
  createWriter,
  drawFooters,
  drawLogo,
  drawRule,
  drawStamp,
  drawTableHeader,
  drawText,
  ensureRoom,
  truncate,
  wrapText,
  writeLine,
  writeWrapped,
  type PdfLogo,
  type Writer,
} from './layout.js';
import { toWinAnsi } from './winansi.js';

/** What the invoice PDF shows: amounts in dollars, hours in hours, only the payments that count. */
export type InvoicePdfData = {
  invoiceNumber: string;
  transactionDate: Date;
  /** When this copy is made: the PDF is rendered fresh on every request. */
  issuedAt: Date;
  company: { name: string; address: string };
  description: string;
  hours: number;
  rate: number;
  price: number;
  payments: { date: Date; method: string; amount: number; transactionId: string }[];
  /** The completed payments' total, as the invoice stores it. */
  paid: number;
  balance: number;
  /** The status as invoiceStatus words it, with the partial state beside it ('Pending (partly paid)'). */
  status: string;
  completeStatus: boolean;
  selectedPaymentMethod: string;
};

export async function renderInvoicePdf(data: InvoicePdfData, provider: Provider, timeZone: string, logo?: PdfLogo | null): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  setMetadata(doc, data, provider);
  const writer = await createWriter(doc);

  await drawLogo(writer, logo);
  drawHeader(writer, data, provider, timeZone);
  const billTo = drawBillTo(writer, data);
  drawLineItems(writer, data);
  drawTotals(writer, data);
  drawPayments(writer, data, timeZone);
  const toPay = isPaid(data) ? null : howToPay({ invoiceId: data.invoiceNumber, remainingBalance: data.balance, selectedPaymentMethod: data.selectedPaymentMethod }, provider);
  if (toPay) {
    drawHowToPay(writer, toPay);
  } else {
    drawPaidNote(writer);
    drawStamp(doc.getPage(0), writer.fonts.bold, 'PAID', colors.paid, { top: billTo.top, bottom: billTo.bottom });
  }
  const contact = provider.email ? `  |  ${provider.email}` : '';
  drawFooters(doc, writer.fonts.regular, `${provider.name}  |  Invoice ${data.invoiceNumber}${contact}`);
  return doc.save();
}

function setMetadata(doc: PDFDocument, data: InvoicePdfData, provider: Provider) {
  doc.setTitle(toWinAnsi(`Invoice ${data.invoiceNumber}`));
  doc.setAuthor(toWinAnsi(provider.name));
  doc.setCreator('Hourbank');
  doc.setCreationDate(data.issuedAt);
  doc.setModificationDate(data.issuedAt);
}

function isPaid(data: InvoicePdfData): boolean {
  return data.completeStatus;
}

// ---- Sections -------------------------------------------------------------------------------

/** The invoice's days read as every date of the app does ('Mar 2, 2026'), in the provider's zone. */
function drawHeader(writer: Writer, data: InvoicePdfData, provider: Provider, timeZone: string) {
  const top = writer.y;
  writeLine(writer, provider.name, { font: 'bold', size: 18 }, 22);
  // the business address where one is set, else the mailing address, as before there was one
  for (const line of [...addressLines(provider.businessAddress || provider.address), provider.email ?? '', provider.phone ?? '']) {
    if (line) writeWrapped(writer, line, { size: 10, color: colors.muted }, MARGIN, CONTENT_WIDTH / 2, 13);
  }
  const leftBottom = writer.y;

  writer.y = top;
  drawText(writer, 'INVOICE', RIGHT_EDGE, { font: 'bold', size: 24, color: colors.accent }, 'right');
  writer.y -= 30;
  const facts: [string, string][] = [
    ['Invoice no.', data.invoiceNumber],
    ['Invoice date', dateText(data.transactionDate, timeZone)],
    ['Issued', dateText(data.issuedAt, timeZone)],
    ['Status', data.status],
  ];
  for (const [label, value] of facts) {
    drawText(writer, label, RIGHT_EDGE - 190, { size: 10, color: colors.muted });
    drawText(writer, value, RIGHT_EDGE, { font: 'bold', size: 10 }, 'right');
    writer.y -= 14;
  }
  writer.y = Math.min(leftBottom, writer.y) - 14;
  drawRule(writer);
  writer.y -= 24;
}

/** Answers the vertical span of the block, where a paid invoice gets its stamp. */
function drawBillTo(writer: Writer, data: InvoicePdfData): { top: number; bottom: number } {
  const top = writer.y;
  writeLine(writer, 'BILL TO', { font: 'bold', size: 9, color: colors.muted }, 15);
  writeWrapped(writer, data.company.name, { font: 'bold', size: 12 }, MARGIN, CONTENT_WIDTH / 2, 15);
  for (const line of addressLines(data.company.address)) {
    writeWrapped(writer, line, { size: 10 }, MARGIN, CONTENT_WIDTH / 2, 13);
  }
  const leftBottom = writer.y;

  writer.y = top;
  drawText(writer, 'BALANCE DUE', RIGHT_EDGE, { font: 'bold', size: 9, color: colors.muted }, 'right');
  writer.y -= 24;
  const balanceColor = isPaid(data) ? colors.paid : colors.text;
  drawText(writer, formatDollars(data.balance), RIGHT_EDGE, { font: 'bold', size: 22, color: balanceColor }, 'right');
  const bottom = Math.min(leftBottom, writer.y);
  writer.y = bottom - 28;
  return { top: top + 10, bottom };
}

const lineColumns = { description: MARGIN + 8, descriptionWidth: 270, hours: 400, rate: 480, amount: RIGHT_EDGE - 8 };

function drawLineItems(writer: Writer, data: InvoicePdfData) {
  drawTableHeader(writer, [
    ['Description', lineColumns.description, 'left'],
    ['Hours', lineColumns.hours, 'right'],
    ['Rate', lineColumns.rate, 'right'],
    ['Amount', lineColumns.amount, 'right'],
  ]);
  const lines = wrapText(data.description, writer.fonts.regular, 10, lineColumns.descriptionWidth);
  ensureRoom(writer, 14);
  drawText(writer, formatHours(data.hours), lineColumns.hours, { size: 10 }, 'right');
  drawText(writer, formatDollars(data.rate), lineColumns.rate, { size: 10 }, 'right');
  drawText(writer, formatDollars(data.price), lineColumns.amount, { size: 10 }, 'right');
  for (const line of lines) {
    ensureRoom(writer, 14);
    drawText(writer, line, lineColumns.description, { size: 10 });
    writer.y -= 14;
  }
  writer.y -= 4;
  drawRule(writer);
  writer.y -= 18;
}

function drawTotals(writer: Writer, data: InvoicePdfData) {
  const rows: [string, string][] = [['Total', formatDollars(data.price)]];
  if (data.payments.length > 0) rows.push(['Payments received', formatDollars(-data.paid)]);
  ensureRoom(writer, rows.length * 16 + 24);
  for (const [label, value] of rows) {
    drawText(writer, label, 360, { size: 10, color: colors.muted });
    drawText(writer, value, lineColumns.amount, { size: 10 }, 'right');
    writer.y -= 16;
  }
  writer.page.drawLine({
    start: { x: 352, y: writer.y + 10 },
    end: { x: RIGHT_EDGE, y: writer.y + 10 },
    thickness: 0.75,
    color: colors.rule,
  });
  writer.y -= 4;
  drawText(writer, 'Balance due', 360, { font: 'bold', size: 11 });
  drawText(writer, formatDollars(data.balance), lineColumns.amount, { font: 'bold', size: 11 }, 'right');
  writer.y -= 34;
}

const paymentColumns = { date: MARGIN + 8, method: 190, transaction: 320, amount: RIGHT_EDGE - 8 };

function drawPayments(writer: Writer, data: InvoicePdfData, timeZone: string) {
  ensureRoom(writer, 60);
  writeLine(writer, 'Payments received', { font: 'bold', size: 12, color: colors.accent }, 20);
  if (data.payments.length === 0) {
    writeLine(writer, 'No payments received yet.', { size: 10, color: colors.muted }, 30);
    return;
  }
  drawTableHeader(writer, [
    ['Date', paymentColumns.date, 'left'],
    ['Method', paymentColumns.method, 'left'],
    ['Transaction ID', paymentColumns.transaction, 'left'],
    ['Amount', paymentColumns.amount, 'right'],
  ]);
  for (const payment of data.payments) {
    ensureRoom(writer, 16);
    drawText(writer, dateText(payment.date, timeZone), paymentColumns.date, { size: 10 });
    drawText(writer, paymentMethodLabel(payment.method), paymentColumns.method, { size: 10 });
    drawText(writer, truncate(writer.fonts.regular, payment.transactionId, 10, 160), paymentColumns.transaction, { size: 10 });
    drawText(writer, formatDollars(payment.amount), paymentColumns.amount, { size: 10 }, 'right');
    writer.y -= 16;
  }
  drawRule(writer);
  writer.y -= 30;
}

function drawPaidNote(writer: Writer) {
  ensureRoom(writer, 20);
  writeLine(writer, 'Paid in full. Thank you for your business.', { font: 'bold', size: 11, color: colors.paid }, 20);
}

/** The shared how-to-pay content: amount and reference, the methods side by side, other ways, whom to ask. */
function drawHowToPay(writer: Writer, content: HowToPay) {
  ensureRoom(writer, 80);
  writeLine(writer, content.title, { font: 'bold', size: 12, color: colors.accent }, 18);
  writeLine(writer, content.facts.map(({ label, value }) => `${label}: ${value}`).join('     '), { font: 'bold', size: 10 }, 14);
  writeWrapped(writer, content.referenceNote, { size: 10, color: colors.muted }, MARGIN, CONTENT_WIDTH, 14);
  writer.y -= 8;
  drawMethodColumns(writer, content.methods);
  if (content.otherInstructions) {
    writeLine(writer, content.otherInstructions.title, { font: 'bold', size: 10 }, 14);
    for (const line of addressLines(content.otherInstructions.text)) writeWrapped(writer, line, { size: 9 }, MARGIN, CONTENT_WIDTH, 13);
    writer.y -= 8;
  }
  const contact = content.contact.details.map(({ value }) => addressLines(value).join(', ')).join('  |  ');
  writeWrapped(writer, `${content.contact.title}: ${contact}`, { size: 9, color: colors.muted }, MARGIN, CONTENT_WIDTH, 13);
}

const METHOD_GAP = 16;
const METHOD_LINE = 13;

/** Side by side, so three methods still leave the invoice on one page. */
function drawMethodColumns(writer: Writer, methods: HowToPayMethod[]) {
  const width = (CONTENT_WIDTH - METHOD_GAP * (methods.length - 1)) / methods.length;
  const columns = methods.map((method) => ({
    method,
    lines: [method.action, ...detailLines(method)].flatMap((line) => wrapText(line, writer.fonts.regular, 9, width - 16)),
  }));
  const tallest = Math.max(...columns.map((column) => column.lines.length));
  const height = 14 + (methods.some((method) => method.chosen) ? 12 : 0) + tallest * METHOD_LINE + 12;
  ensureRoom(writer, height);
  const top = writer.y;
  columns.forEach((column, index) => {
    writer.y = top;
    drawMethodColumn(writer, column.method, column.lines, MARGIN + index * (width + METHOD_GAP), width, height);
  });
  writer.y = top - height - 12;
}

function drawMethodColumn(writer: Writer, method: HowToPayMethod, lines: string[], x: number, width: number, height: number) {
  writer.page.drawRectangle({
    x,
    y: writer.y - height + 12,
    width,
    height,
    color: method.chosen ? colors.band : undefined,
    borderColor: method.chosen ? colors.accent : colors.rule,
    borderWidth: 0.75,
  });
  writer.y -= 4;
  drawText(writer, method.title, x + 8, { font: 'bold', size: 10 });
  writer.y -= 14;
  if (method.chosen) {
    drawText(writer, CHOSEN_METHOD_NOTE, x + 8, { font: 'bold', size: 8, color: colors.accent });
    writer.y -= 12;
  }
  for (const line of lines) {
    drawText(writer, line, x + 8, { size: 9 });
    writer.y -= METHOD_LINE;
  }
}

/** A detail per line, a multi-line value (an address) continuing on the lines below its label. */
function detailLines(method: HowToPayMethod): string[] {
  return method.details.flatMap(({ label, value }) => {
    const [first = '', ...rest] = addressLines(value);
    return [`${label}: ${first}`, ...rest];
  });
}
