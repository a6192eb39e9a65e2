import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Provider } from '../config.js';
import { renderInvoicePdf, type InvoicePdfData } from './invoice-pdf.js';

/* pdftotext comes from poppler-utils (.ci/run installs it); without it these tests fail, not skip. */
const run = promisify(execFile);
let tempDir: string;

beforeAll(async () => {
  tempDir = await fs.mkdtemp(path.join(os.tmpdir(), 'invoice-pdf-'));
});

afterAll(async () => {
  await fs.rm(tempDir, { recursive: true, force: true });
});

let fileCounter = 0;
/** Layout mode keeps table rows on one line; raw mode also reads the rotated PAID stamp. */
async function textOf(pdf: Uint8Array, mode: 'layout' | 'raw' = 'layout'): Promise<string> {
  const file = path.join(tempDir, `invoice-${(fileCounter += 1)}.pdf`);
  await fs.writeFile(file, pdf);
  const { stdout } = await run('pdftotext', [`-${mode}`, '-enc', 'UTF-8', file, '-']);
  return stdout;
}

async function pageCountOf(pdf: Uint8Array): Promise<number> {
  return (await PDFDocument.load(pdf)).getPageCount();
}

const provider: Provider = {
  name: 'Northwind Consulting LLC',
  email: 'billing@northwind.example',
  phone: undefined,
  businessAddress: undefined,
  otherInstructions: undefined,
  address: '500 Market Street, Suite 12\nSpringfield, IL 62701',
  bankName: 'First Prairie Bank',
  routingNumber: '071000013',
  accountNumber: '123456789012',
  paymentEmail: 'pay@northwind.example',
};

const timeZone = 'America/Chicago';

function invoice(overrides: Partial<InvoicePdfData> = {}): InvoicePdfData {
  return {
    invoiceNumber: '2026-0042',
    transactionDate: new Date('2026-03-10T15:00:00Z'),
    issuedAt: new Date('2026-03-12T15:00:00Z'),
    company: { name: 'Acme Widgets Inc.', address: '1 Industrial Way\nGotham, NJ 07001' },
    description: '20 hour support package',
    hours: 20,
    rate: 150,
    price: 3000,
    payments: [
      { date: new Date('2026-03-11T16:00:00Z'), method: 'ACH', amount: 1000, transactionId: 'TX-ACH-7781' },
      { date: new Date('2026-03-12T16:00:00Z'), method: 'Zelle', amount: 499.5, transactionId: 'ZL-33' },
    ],
    paid: 1499.5,
    balance: 1500.5,
    status: 'Pending (partly paid)',
    completeStatus: false,
    selectedPaymentMethod: 'ACH',
    ...overrides,
  };
}

describe('renderInvoicePdf', () => {
  it('carries the invoice, the company, the line, the payments, the balance and how to pay', async () => {
    const pdf = await renderInvoicePdf(invoice({ selectedPaymentMethod: '' }), provider, timeZone);
    const text = await textOf(pdf);

    expect(await pageCountOf(pdf)).toBe(1);
    for (const expected of [
      'Northwind Consulting LLC',
      '500 Market Street, Suite 12',
      'Springfield, IL 62701',
      'INVOICE',
      '2026-0042',
      'Mar 10, 2026',
      'Mar 12, 2026',
      'BILL TO',
      'Acme Widgets Inc.',
      '1 Industrial Way',
      'Gotham, NJ 07001',
      '20 hour support package',
      '$150',
      '$3,000',
      'Payments received',
      'Mar 11, 2026',
      'TX-ACH-7781',
      '$1,000',
      'ZL-33',
      '$499.50',
      '-$1,499.50',
      'Balance due',
      '$1,500.50',
      'Pending (partly paid)',
      'Bank Name: First Prairie Bank',
      'Routing Number: 071000013',
      'Account Number: 123456789012',
      'Send to: pay@northwind.example',
      'Payable to: Northwind',
      'Mailing Address: 500 Market Street,',
      'Amount due: $1,500.50',
      'Payment reference: 2026-0042',
      'Contact: Northwind Consulting LLC | billing@northwind.example',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/\b20\s+\$150\s+\$3,000\b/);
    expect(text).not.toContain('PAID');
  });

  it('shows dates in the given time zone', async () => {
    const lateEvening = invoice({ transactionDate: new Date('2026-03-01T03:00:00Z') });
    expect(await textOf(await renderInvoicePdf(lateEvening, provider, 'America/Los_Angeles'))).toContain('Feb 28, 2026');
    expect(await textOf(await renderInvoicePdf(lateEvening, provider, 'Europe/Berlin'))).toContain('Mar 1, 2026');
  });

  it("gives the chosen method's instructions only, with the amount due and the invoice number as reference", async () => {
    const pdf = await renderInvoicePdf(invoice({ selectedPaymentMethod: 'Check' }), provider, timeZone);
    expect(await pageCountOf(pdf)).toBe(1);
    const text = await textOf(pdf, 'raw');
    const howToPay = text.slice(text.indexOf('How to pay'));
    expect(howToPay).toContain('Amount due: $1,500.50');
    expect(howToPay).toContain('Payment reference: 2026-0042');
    expect(howToPay).toContain('Put the invoice number 2026-0042');
    expect(howToPay).toMatch(/^Check\nYour selected method\n/m);
    expect(howToPay).toContain('Payable to: Northwind Consulting LLC');
    expect(howToPay).toContain('Mailing Address: 500 Market Street, Suite 12');
    expect(howToPay).not.toContain('ACH (Bank Transfer)');
    expect(howToPay).not.toContain('Routing Number');
    expect(howToPay).not.toContain('QuickPay / Zelle');
  });

  it("names the provider's phone, business address and other ways to pay where they are set", async () => {
    const full: Provider = { ...provider, phone: '+1 555 0100', businessAddress: '1 Harbor Way\nPortland, ME 04101', otherInstructions: 'Card payments: call us.' };
    const text = await textOf(await renderInvoicePdf(invoice(), full, timeZone), 'raw');
    expect(text).toContain('Other ways to pay\nCard payments: call us.');
    expect(text).toContain('Contact: Northwind Consulting LLC | billing@northwind.example | +1 555 0100 | 1 Harbor Way, Portland, ME 04101');
    // the header names the business address, not the mailing address for checks
    expect(text.slice(0, text.indexOf('INVOICE'))).toContain('1 Harbor Way');
  });

  it('lists every method the provider configured when the invoice names none', async () => {
    const zelleOnly: Provider = { ...provider, address: undefined, bankName: undefined, routingNumber: undefined, accountNumber: undefined };
    const text = await textOf(await renderInvoicePdf(invoice({ selectedPaymentMethod: 'Cash' }), zelleOnly, timeZone), 'raw');
    expect(text).toContain('QuickPay / Zelle\n');
    expect(text).toContain('Send to: pay@northwind.example');
    expect(text).not.toContain('Your selected method');
    expect(text).not.toContain('Routing Number');
    expect(text).not.toContain('Payable to');
  });

  it('asks the customer to get in touch for a detail that is not configured', async () => {
    const bare: Provider = { name: 'Solo Dev', email: 'me@solo.example', phone: undefined, businessAddress: undefined, address: undefined, otherInstructions: undefined, bankName: undefined, routingNumber: undefined, accountNumber: undefined, paymentEmail: undefined };
    const text = await textOf(await renderInvoicePdf(invoice({ payments: [], price: 3000, paid: 0, balance: 3000 }), bare, timeZone));
    expect(text).toContain('Bank Name: please contact us');
    expect(text).toContain('Account Name: Solo Dev');
    expect(text).toContain('Contact: Solo Dev | me@solo.example');
    expect(text).not.toMatch(/Phone:|Business Address:/);
    expect(text).toContain('No payments received yet.');
  });

  it('marks a fully paid invoice PAID and leaves out the instructions', async () => {
    const paid = invoice({
      payments: [{ date: new Date('2026-03-11T16:00:00Z'), method: 'Check', amount: 3000, transactionId: 'CHK-1001' }],
      paid: 3000,
      balance: 0,
      status: 'Completed',
      completeStatus: true,
    });
    const pdf = await renderInvoicePdf(paid, provider, timeZone);
    expect(await textOf(pdf, 'raw')).toMatch(/^PAID$/m);
    const text = await textOf(pdf);
    expect(text).toContain('Paid in full');
    expect(text).toMatch(/Status\s+Completed/);
    expect(text).toContain('CHK-1001');
    expect(text).toMatch(/Balance due\s+\$0\b/);
    expect(text).not.toContain('Routing Number');
    expect(text).not.toContain('How to pay');
    expect(text).not.toContain('Amount due');
    expect(text).not.toContain('Payment reference');
  });

  it('wraps a long description inside its column', async () => {
    const words = Array.from({ length: 60 }, (_, index) => `word${index + 1}`);
    const text = await textOf(await renderInvoicePdf(invoice({ description: words.join(' ') }), provider, timeZone));
    const lines = text.split('\n');
    const firstLine = lines.find((line) => /\bword1\b/.test(line)) ?? '';
    expect(firstLine).toMatch(/\$3,000/);
    expect(firstLine).not.toContain('word60');
    expect(lines.filter((line) => /\bword\d+\b/.test(line)).length).toBeGreaterThan(3);
    for (const word of words) expect(text).toMatch(new RegExp(`\\b${word}\\b`));
  });

  it('breaks a single word wider than the column', async () => {
    const longWord = 'x'.repeat(200);
    const text = await textOf(await renderInvoicePdf(invoice({ description: longWord }), provider, timeZone));
    expect(text.replace(/[^x]/g, '').length).toBeGreaterThanOrEqual(200);
  });

  it('continues on a second page instead of drawing past the bottom', async () => {
    const paragraph = 'A very long statement of work that goes on and on. '.repeat(120);
    const pdf = await renderInvoicePdf(invoice({ description: `${paragraph}THE-END` }), provider, timeZone);
    expect(await pageCountOf(pdf)).toBeGreaterThan(1);
    const text = await textOf(pdf);
    expect(text).toContain('THE-END');
    expect(text).toContain('Routing Number: 071000013');
    expect(text).toContain('Page 2 of');
  });

  it('replaces characters Helvetica cannot encode instead of failing', async () => {
    const weird = invoice({
      description: 'Migration → cloud 🚀 for the naïve café, “quoted” – Łódź 👨‍👩‍👧 中文\tend',
      company: { name: 'Zürich Ünïcode ✓ GmbH', address: 'Straße 1 ⇒ 8000 Zürich' },
    });
    const text = await textOf(await renderInvoicePdf(weird, { ...provider, name: 'Provider 🚀 Ltd' }, timeZone));
    expect(text).toContain('Migration -> cloud for the naïve café, “quoted” – Lódz ??');
    expect(text).toMatch(/\bend\b/);
    expect(text).toContain('Zürich Ünïcode v GmbH');
    expect(text).toContain('Straße 1 => 8000 Zürich');
    expect(text).toMatch(/Provider +Ltd/);
  });
});
