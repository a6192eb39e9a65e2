import { PDFDocument, StandardFonts, degrees, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatDollars, formatHours } from '../../shared/format.js';
import type { Provider } from '../config.js';

export type InvoicePdfData = {
  invoiceNumber: string;
  transactionDate: Date;
  issuedAt: Date;
  company: { name: string; address: string };
  description: string;
  hours: number;
  rate: number;
  price: number;
  payments: { date: Date; method: string; amount: number; transactionId: string }[];
  balance: number;
  selectedPaymentMethod: string;
};

// US Letter: the invoices are in US dollars and go to US customers.
const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN = 50;
const RIGHT_EDGE = PAGE_WIDTH - MARGIN;
const CONTENT_WIDTH = RIGHT_EDGE - MARGIN;
const FOOTER_HEIGHT = 30;

const colors = {
  text: rgb(0.13, 0.13, 0.13),
  muted: rgb(0.42, 0.45, 0.49),
  accent: rgb(0.098, 0.463, 0.824), // theme primary #1976d2
  rule: rgb(0.82, 0.85, 0.88),
  band: rgb(0.94, 0.96, 0.98),
  paid: rgb(0.18, 0.49, 0.2),
};

type Color = typeof colors.text;
type Fonts = { regular: PDFFont; bold: PDFFont };
type TextStyle = { font?: 'regular' | 'bold'; size?: number; color?: Color };

/** Draws top to bottom, starting a new page when the next block would not fit. */
type Writer = { doc: PDFDocument; page: PDFPage; y: number; fonts: Fonts };

export async function renderInvoicePdf(data: InvoicePdfData, provider: Provider, timeZone: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  setMetadata(doc, data, provider);
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const writer: Writer = { doc, page: doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]), y: PAGE_HEIGHT - MARGIN, fonts };
  const formatDate = dateFormatter(timeZone);

  drawHeader(writer, data, provider, formatDate);
  const billTo = drawBillTo(writer, data);
  drawLineItems(writer, data);
  drawTotals(writer, data);
  drawPayments(writer, data, formatDate);
  if (isPaid(data)) {
    drawPaidNote(writer);
    drawPaidStamp(doc.getPage(0), fonts.bold, billTo);
  } else {
    drawPaymentInstructions(writer, data, provider);
  }
  drawFooters(doc, fonts.regular, data, provider);
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
  return Math.round(data.balance * 100) <= 0;
}

function dateFormatter(timeZone: string): (date: Date) => string {
  const format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'long', day: 'numeric' });
  return (date) => format.format(date);
}

// ---- Sections -------------------------------------------------------------------------------

function drawHeader(writer: Writer, data: InvoicePdfData, provider: Provider, formatDate: (date: Date) => string) {
  const top = writer.y;
  writeLine(writer, provider.name, { font: 'bold', size: 18 }, 22);
  for (const line of [...addressLines(provider.address), provider.email ?? '']) {
    if (line) writeWrapped(writer, line, { size: 10, color: colors.muted }, MARGIN, CONTENT_WIDTH / 2, 13);
  }
  const leftBottom = writer.y;

  writer.y = top;
  drawText(writer, 'INVOICE', RIGHT_EDGE, { font: 'bold', size: 24, color: colors.accent }, 'right');
  writer.y -= 30;
  const facts: [string, string][] = [
    ['Invoice no.', data.invoiceNumber],
    ['Invoice date', formatDate(data.transactionDate)],
    ['Issued', formatDate(data.issuedAt)],
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
  const paidSoFar = sumOfPayments(data);
  const rows: [string, string][] = [['Total', formatDollars(data.price)]];
  if (data.payments.length > 0) rows.push(['Payments received', formatDollars(-paidSoFar)]);
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

function sumOfPayments(data: InvoicePdfData): number {
  return data.payments.reduce((cents, payment) => cents + Math.round(payment.amount * 100), 0) / 100;
}

const paymentColumns = { date: MARGIN + 8, method: 190, transaction: 320, amount: RIGHT_EDGE - 8 };

function drawPayments(writer: Writer, data: InvoicePdfData, formatDate: (date: Date) => string) {
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
    drawText(writer, formatDate(payment.date), paymentColumns.date, { size: 10 });
    drawText(writer, methodName(payment.method), paymentColumns.method, { size: 10 });
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

function drawPaymentInstructions(writer: Writer, data: InvoicePdfData, provider: Provider) {
  const instructions = orderedInstructions(provider, data.selectedPaymentMethod);
  ensureRoom(writer, 60);
  writeLine(writer, 'How to pay', { font: 'bold', size: 12, color: colors.accent }, 18);
  if (instructions.length === 0) {
    const contact = provider.email ? ` at ${provider.email}` : '';
    writeWrapped(writer, `Please contact ${provider.name}${contact} for payment instructions.`, { size: 10 }, MARGIN, CONTENT_WIDTH, 14);
    return;
  }
  writeWrapped(writer, `Please include invoice number ${data.invoiceNumber} with your payment.`, { size: 10, color: colors.muted }, MARGIN, CONTENT_WIDTH, 22);
  drawInstructionColumns(writer, instructions);
}

const INSTRUCTION_GAP = 16;
const INSTRUCTION_LINE = 13;

/** Side by side, so three methods still leave the invoice on one page. */
function drawInstructionColumns(writer: Writer, instructions: Instruction[]) {
  const width = (CONTENT_WIDTH - INSTRUCTION_GAP * (instructions.length - 1)) / instructions.length;
  const columns = instructions.map((instruction) => ({
    instruction,
    lines: instruction.lines.flatMap((line) => wrapText(line, writer.fonts.regular, 9, width - 16)),
  }));
  const tallest = Math.max(...columns.map((column) => column.lines.length));
  const height = 14 + (columns.some((column) => column.instruction.chosen) ? 12 : 0) + tallest * INSTRUCTION_LINE + 12;
  ensureRoom(writer, height);
  const top = writer.y;
  columns.forEach((column, index) => {
    writer.y = top;
    drawInstructionColumn(writer, column.instruction, column.lines, MARGIN + index * (width + INSTRUCTION_GAP), width, height);
  });
  writer.y = top - height - 12;
}

function drawInstructionColumn(writer: Writer, instruction: Instruction, lines: string[], x: number, width: number, height: number) {
  writer.page.drawRectangle({
    x,
    y: writer.y - height + 12,
    width,
    height,
    color: instruction.chosen ? colors.band : undefined,
    borderColor: instruction.chosen ? colors.accent : colors.rule,
    borderWidth: 0.75,
  });
  writer.y -= 4;
  drawText(writer, instruction.title, x + 8, { font: 'bold', size: 10 });
  writer.y -= 14;
  if (instruction.chosen) {
    drawText(writer, 'Your selected method', x + 8, { font: 'bold', size: 8, color: colors.accent });
    writer.y -= 12;
  }
  for (const line of lines) {
    drawText(writer, line, x + 8, { size: 9 });
    writer.y -= INSTRUCTION_LINE;
  }
}

// ---- Payment methods ------------------------------------------------------------------------

type InstructionMethod = 'ACH' | 'Zelle' | 'Check';
type Instruction = { method: InstructionMethod; title: string; lines: string[]; chosen: boolean };

const methodNames: Record<string, string> = {
  ACH: 'ACH bank transfer',
  Zelle: 'Zelle / QuickPay',
  QuickPay: 'Zelle / QuickPay',
  Check: 'Check',
  CheckEmail: 'Check',
  Cash: 'Cash',
};

function methodName(method: string): string {
  return methodNames[method] ?? (method || '-');
}

/** The purchase's payment options and the admin's methods both name the same three channels. */
function instructionMethodOf(selected: string): InstructionMethod | undefined {
  if (selected === 'ACH') return 'ACH';
  if (selected === 'Zelle' || selected === 'QuickPay') return 'Zelle';
  if (selected === 'Check' || selected === 'CheckEmail') return 'Check';
  return undefined;
}

function orderedInstructions(provider: Provider, selectedPaymentMethod: string): Instruction[] {
  const chosen = instructionMethodOf(selectedPaymentMethod);
  const instructions = configuredInstructions(provider).map((instruction) => ({
    ...instruction,
    chosen: instruction.method === chosen,
  }));
  return [...instructions.filter((item) => item.chosen), ...instructions.filter((item) => !item.chosen)];
}

function configuredInstructions(provider: Provider): Omit<Instruction, 'chosen'>[] {
  const instructions: Omit<Instruction, 'chosen'>[] = [];
  const bankLines = [
    provider.bankName && `Bank: ${provider.bankName}`,
    provider.routingNumber && `Routing number: ${provider.routingNumber}`,
    provider.accountNumber && `Account number: ${provider.accountNumber}`,
  ].filter((line): line is string => Boolean(line));
  if (bankLines.length > 0) {
    instructions.push({ method: 'ACH', title: 'ACH bank transfer', lines: [...bankLines, `Account name: ${provider.name}`] });
  }
  if (provider.paymentEmail) {
    instructions.push({
      method: 'Zelle',
      title: 'Zelle / QuickPay',
      lines: [`Send to: ${provider.paymentEmail}`, `Recipient: ${provider.name}`],
    });
  }
  if (provider.address) {
    instructions.push({
      method: 'Check',
      title: 'Check',
      lines: [`Make the check payable to ${provider.name} and mail it to:`, ...addressLines(provider.address)],
    });
  }
  return instructions;
}

// ---- Decorations ----------------------------------------------------------------------------

function drawPaidStamp(page: PDFPage, font: PDFFont, area: { top: number; bottom: number }) {
  const size = 40;
  const padding = 8;
  const width = font.widthOfTextAtSize('PAID', size) + padding * 2;
  const height = size * 0.72 + padding * 2;
  const angle = 12;
  const turn = (x: number, y: number) => {
    const radians = (angle * Math.PI) / 180;
    return { x: x * Math.cos(radians) - y * Math.sin(radians), y: x * Math.sin(radians) + y * Math.cos(radians) };
  };
  // pdf-lib turns shapes around their corner; place the corner so the box's centre lands mid-block.
  const centre = { x: PAGE_WIDTH / 2 + 10, y: (area.top + area.bottom) / 2 };
  const halfDiagonal = turn(width / 2, height / 2);
  const corner = { x: centre.x - halfDiagonal.x, y: centre.y - halfDiagonal.y };
  const baseline = turn(padding, padding);
  page.drawRectangle({
    ...corner,
    width,
    height,
    rotate: degrees(angle),
    borderColor: colors.paid,
    borderWidth: 3,
    borderOpacity: 0.8,
  });
  page.drawText('PAID', {
    x: corner.x + baseline.x,
    y: corner.y + baseline.y,
    size,
    font,
    color: colors.paid,
    opacity: 0.8,
    rotate: degrees(angle),
  });
}

function drawFooters(doc: PDFDocument, font: PDFFont, data: InvoicePdfData, provider: Provider) {
  const pages = doc.getPages();
  pages.forEach((page, index) => {
    const pageNote = pages.length > 1 ? `  |  Page ${index + 1} of ${pages.length}` : '';
    const contact = provider.email ? `  |  ${provider.email}` : '';
    const text = toWinAnsi(`${provider.name}  |  Invoice ${data.invoiceNumber}${contact}${pageNote}`, font);
    const fitted = truncate(font, text, 8, CONTENT_WIDTH);
    const width = font.widthOfTextAtSize(fitted, 8);
    page.drawText(fitted, { x: (PAGE_WIDTH - width) / 2, y: MARGIN - 20, size: 8, font, color: colors.muted });
  });
}

// ---- Drawing primitives ---------------------------------------------------------------------

function ensureRoom(writer: Writer, height: number) {
  if (writer.y - height >= MARGIN + FOOTER_HEIGHT - 20) return;
  writer.page = writer.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  writer.y = PAGE_HEIGHT - MARGIN;
}

function fontOf(writer: Writer, style: TextStyle): PDFFont {
  return style.font === 'bold' ? writer.fonts.bold : writer.fonts.regular;
}

/** Draws one line at the current height; `x` is the left edge, or the right edge when aligned right. */
function drawText(writer: Writer, text: string, x: number, style: TextStyle, align: 'left' | 'right' = 'left') {
  const font = fontOf(writer, style);
  const size = style.size ?? 10;
  const safe = toWinAnsi(text, font).replace(/\n/g, ' ');
  const left = align === 'right' ? x - font.widthOfTextAtSize(safe, size) : x;
  writer.page.drawText(safe, { x: left, y: writer.y, size, font, color: style.color ?? colors.text });
}

function writeLine(writer: Writer, text: string, style: TextStyle, advance: number) {
  ensureRoom(writer, advance);
  drawText(writer, text, MARGIN, style);
  writer.y -= advance;
}

function writeWrapped(writer: Writer, text: string, style: TextStyle, x: number, width: number, lineHeight: number) {
  for (const line of wrapText(text, fontOf(writer, style), style.size ?? 10, width)) {
    ensureRoom(writer, lineHeight);
    drawText(writer, line, x, style);
    writer.y -= lineHeight;
  }
}

function drawRule(writer: Writer) {
  writer.page.drawLine({
    start: { x: MARGIN, y: writer.y },
    end: { x: RIGHT_EDGE, y: writer.y },
    thickness: 0.75,
    color: colors.rule,
  });
}

function drawTableHeader(writer: Writer, columns: [string, number, 'left' | 'right'][]) {
  ensureRoom(writer, 40);
  writer.page.drawRectangle({ x: MARGIN, y: writer.y - 7, width: CONTENT_WIDTH, height: 20, color: colors.band });
  for (const [label, x, align] of columns) {
    drawText(writer, label.toUpperCase(), x, { font: 'bold', size: 8, color: colors.muted }, align);
  }
  writer.y -= 26;
}

// ---- Text -----------------------------------------------------------------------------------

function addressLines(address: string | undefined): string[] {
  return (address ?? '')
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** Greedy word wrap; a word wider than the line is broken where it must be. */
function wrapText(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const fits = (candidate: string) => font.widthOfTextAtSize(candidate, size) <= maxWidth;
  const lines: string[] = [];
  for (const paragraph of toWinAnsi(text, font).split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (fits(candidate)) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = word;
      while (!fits(line)) {
        const cut = longestFittingPrefix(line, fits);
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    lines.push(line);
  }
  while (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

function longestFittingPrefix(text: string, fits: (candidate: string) => boolean): number {
  let cut = 1;
  while (cut < text.length && fits(text.slice(0, cut + 1))) cut += 1;
  return cut;
}

function truncate(font: PDFFont, text: string, size: number, maxWidth: number): string {
  const safe = toWinAnsi(text, font);
  if (font.widthOfTextAtSize(safe, size) <= maxWidth) return safe;
  let end = safe.length;
  while (end > 0 && font.widthOfTextAtSize(`${safe.slice(0, end)}...`, size) > maxWidth) end -= 1;
  return `${safe.slice(0, end)}...`;
}

// ---- WinAnsi ----------------------------------------------------------------------------------

/*
 * The standard PDF fonts encode only WinAnsi (Latin-1 plus a few typographic marks); pdf-lib throws on
 * anything else. Customer text can hold emoji, arrows or other scripts, so each character Helvetica
 * lacks becomes a close ASCII look-alike or its unaccented letter; emoji are dropped, anything else
 * becomes '?'. Newlines are kept for wrapping; drawing never receives them.
 */
const lookAlikes: Record<string, string> = {
  '→': '->', '←': '<-', '⇒': '=>', '↔': '<->', '≤': '<=', '≥': '>=', '≠': '!=', '−': '-',
  '‐': '-', '‑': '-', '‒': '-', '✓': 'v', '✔': 'v', '✗': 'x', '✘': 'x', '★': '*', '☆': '*',
  'Ł': 'L', 'ł': 'l', 'Đ': 'D', 'đ': 'd', 'ı': 'i', 'Ħ': 'H', 'ħ': 'h', '\t': ' ',
  '\u00a0': ' ', '\u2007': ' ', '\u202f': ' ', '\u2009': ' ', '\u200a': ' ', '\u2002': ' ', '\u2003': ' ',
};

const supportedCodePoints = new Map<PDFFont, Set<number>>();
let helveticaCodePoints: Set<number> | undefined;

function codePointsOf(font: PDFFont | undefined): Set<number> {
  if (!font) return (helveticaCodePoints ??= winAnsiCodePoints());
  let set = supportedCodePoints.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    supportedCodePoints.set(font, set);
  }
  return set;
}

/** WinAnsi as Helvetica encodes it, for text (metadata) that is not drawn with a particular font. */
function winAnsiCodePoints(): Set<number> {
  const extras = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
  const codes = new Set<number>();
  for (let code = 0x20; code <= 0x7e; code += 1) codes.add(code);
  for (let code = 0xa0; code <= 0xff; code += 1) codes.add(code);
  for (const char of extras) codes.add(char.codePointAt(0) ?? 0);
  return codes;
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

function toWinAnsi(text: string, font?: PDFFont): string {
  const supported = codePointsOf(font);
  const isSupported = (value: string) => [...value].every((char) => supported.has(char.codePointAt(0) ?? -1));
  let result = '';
  for (const { segment } of graphemes.segment(text.normalize('NFC').replace(/\r\n?/g, '\n'))) {
    result += segment === '\n' || isSupported(segment) ? segment : lookAlikeOf(segment, isSupported);
  }
  return result;
}

function lookAlikeOf(grapheme: string, isSupported: (value: string) => boolean): string {
  const listed = lookAlikes[grapheme];
  if (listed !== undefined) return listed;
  const unaccented = grapheme.normalize('NFKD').replace(/\p{M}/gu, '');
  if (unaccented && isSupported(unaccented)) return unaccented;
  if (/^[\p{Cc}\p{Cf}]+$/u.test(grapheme) || /\p{Extended_Pictographic}/u.test(grapheme)) return '';
  return '?';
}
