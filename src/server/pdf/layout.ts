import { PDFDocument, StandardFonts, degrees, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { toWinAnsi } from './winansi.js';

/*
 * A small top-to-bottom layout engine on pdf-lib for one-column business documents: a writer that
 * starts a new page when the next block would not fit, text in the two Helvetica weights (made
 * WinAnsi-safe), word wrap, rules, table headers, a stamp and page footers.
 */

// US Letter: the invoices are in US dollars and go to US customers.
export const PAGE_WIDTH = 612;
export const PAGE_HEIGHT = 792;
export const MARGIN = 50;
export const RIGHT_EDGE = PAGE_WIDTH - MARGIN;
export const CONTENT_WIDTH = RIGHT_EDGE - MARGIN;
const FOOTER_HEIGHT = 30;

export const colors = {
  text: rgb(0.13, 0.13, 0.13),
  muted: rgb(0.42, 0.45, 0.49),
  accent: rgb(0.098, 0.463, 0.824), // theme primary #1976d2
  rule: rgb(0.82, 0.85, 0.88),
  band: rgb(0.94, 0.96, 0.98),
  paid: rgb(0.18, 0.49, 0.2),
};

type Color = typeof colors.text;
type Fonts = { regular: PDFFont; bold: PDFFont };
export type TextStyle = { font?: 'regular' | 'bold'; size?: number; color?: Color };

/** Draws top to bottom, starting a new page when the next block would not fit. */
export type Writer = { doc: PDFDocument; page: PDFPage; y: number; fonts: Fonts };

/** A writer at the top of the first page of a new document. */
export async function createWriter(doc: PDFDocument): Promise<Writer> {
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  return { doc, page: doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]), y: PAGE_HEIGHT - MARGIN, fonts };
}

export function ensureRoom(writer: Writer, height: number) {
  if (writer.y - height >= MARGIN + FOOTER_HEIGHT - 20) return;
  writer.page = writer.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  writer.y = PAGE_HEIGHT - MARGIN;
}

function fontOf(writer: Writer, style: TextStyle): PDFFont {
  return style.font === 'bold' ? writer.fonts.bold : writer.fonts.regular;
}

/** Draws one line at the current height; `x` is the left edge, or the right edge when aligned right. */
export function drawText(writer: Writer, text: string, x: number, style: TextStyle, align: 'left' | 'right' = 'left') {
  const font = fontOf(writer, style);
  const size = style.size ?? 10;
  const safe = toWinAnsi(text, font).replace(/\n/g, ' ');
  const left = align === 'right' ? x - font.widthOfTextAtSize(safe, size) : x;
  writer.page.drawText(safe, { x: left, y: writer.y, size, font, color: style.color ?? colors.text });
}

export function writeLine(writer: Writer, text: string, style: TextStyle, advance: number) {
  ensureRoom(writer, advance);
  drawText(writer, text, MARGIN, style);
  writer.y -= advance;
}

export function writeWrapped(writer: Writer, text: string, style: TextStyle, x: number, width: number, lineHeight: number) {
  for (const line of wrapText(text, fontOf(writer, style), style.size ?? 10, width)) {
    ensureRoom(writer, lineHeight);
    drawText(writer, line, x, style);
    writer.y -= lineHeight;
  }
}

export function drawRule(writer: Writer) {
  writer.page.drawLine({
    start: { x: MARGIN, y: writer.y },
    end: { x: RIGHT_EDGE, y: writer.y },
    thickness: 0.75,
    color: colors.rule,
  });
}

export function drawTableHeader(writer: Writer, columns: [string, number, 'left' | 'right'][]) {
  ensureRoom(writer, 40);
  writer.page.drawRectangle({ x: MARGIN, y: writer.y - 7, width: CONTENT_WIDTH, height: 20, color: colors.band });
  for (const [label, x, align] of columns) {
    drawText(writer, label.toUpperCase(), x, { font: 'bold', size: 8, color: colors.muted }, align);
  }
  writer.y -= 26;
}

export function addressLines(address: string | null | undefined): string[] {
  return (address ?? '')
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** Greedy word wrap; a word wider than the line is broken where it must be. */
export function wrapText(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
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

export function truncate(font: PDFFont, text: string, size: number, maxWidth: number): string {
  const safe = toWinAnsi(text, font);
  if (font.widthOfTextAtSize(safe, size) <= maxWidth) return safe;
  let end = safe.length;
  while (end > 0 && font.widthOfTextAtSize(`${safe.slice(0, end)}...`, size) > maxWidth) end -= 1;
  return `${safe.slice(0, end)}...`;
}

/** A word in a tilted box, centred on the middle of `area` (a vertical span of the page). */
export function drawStamp(page: PDFPage, font: PDFFont, word: string, color: Color, area: { top: number; bottom: number }) {
  const size = 40;
  const padding = 8;
  const width = font.widthOfTextAtSize(word, size) + padding * 2;
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
    borderColor: color,
    borderWidth: 3,
    borderOpacity: 0.8,
  });
  page.drawText(word, {
    x: corner.x + baseline.x,
    y: corner.y + baseline.y,
    size,
    font,
    color: color,
    opacity: 0.8,
    rotate: degrees(angle),
  });
}

/** The footer line centred at the bottom of every page, with "Page n of m" once there are several. */
export function drawFooters(doc: PDFDocument, font: PDFFont, footer: string) {
  const pages = doc.getPages();
  pages.forEach((page, index) => {
    const pageNote = pages.length > 1 ? `  |  Page ${index + 1} of ${pages.length}` : '';
    const fitted = truncate(font, toWinAnsi(`${footer}${pageNote}`, font), 8, CONTENT_WIDTH);
    const width = font.widthOfTextAtSize(fitted, 8);
    page.drawText(fitted, { x: (PAGE_WIDTH - width) / 2, y: MARGIN - 20, size: 8, font, color: colors.muted });
  });
}

/** A business logo to print: PNG or JPEG bytes. */
export type PdfLogo = { contentType: string; data: Uint8Array };

const LOGO_MAX_HEIGHT = 48;
const LOGO_MAX_WIDTH = 180;

/** Draws the logo at the top left, scaled to fit 180 × 48 points, and moves below it. */
export async function drawLogo(writer: Writer, logo: PdfLogo | null | undefined): Promise<void> {
  if (!logo) return;
  const image = logo.contentType === 'image/png' ? await writer.doc.embedPng(logo.data) : await writer.doc.embedJpg(logo.data);
  const scale = Math.min(LOGO_MAX_HEIGHT / image.height, LOGO_MAX_WIDTH / image.width, 1);
  const { width, height } = image.scale(scale);
  writer.page.drawImage(image, { x: MARGIN, y: writer.y - height + 10, width, height });
  writer.y -= height + 12;
}
