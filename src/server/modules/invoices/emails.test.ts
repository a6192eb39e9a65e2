import { describe, expect, it } from 'vitest';
import type { Provider } from '../../config.js';
import { invoiceEmail, openBalanceEmail } from './emails.js';

const provider: Provider = {
  name: 'Northwind LLC',
  email: 'billing@northwind.example',
  phone: '+1 555 0100',
  businessAddress: '1 Harbor Way, Portland, ME 04101',
  otherInstructions: undefined,
  address: '500 Market Street\nSpringfield, IL 62701',
  bankName: undefined,
  routingNumber: '071000013',
  accountNumber: '1234',
  paymentEmail: 'pay@northwind.example',
};

const invoice = {
  invoiceId: '2026-0042',
  companyName: 'Acme Ltd',
  description: 'Ten hours',
  hours: 10,
  rate: 150,
  price: 1500,
  remainingBalance: 1000,
  selectedPaymentMethod: 'Zelle' as const,
  transactionDate: '2026-03-02T15:00:00.000Z',
  status: 'Pending',
  completeStatus: false,
};
const appUrl = 'https://hours.example';

describe('invoice email', () => {
  it("tells an unpaid invoice's customer how to pay it: the method, the amount due, the invoice number as reference, whom to ask", () => {
    const { text, html } = invoiceEmail(provider, invoice, appUrl);
    expect(text).toContain('How to pay:\nAmount due: $1,000\nPayment reference: 2026-0042');
    expect(text).toContain('Balance due: $1,000\nStatus: Pending (partly paid)');
    expect(text).toContain('By QuickPay / Zelle (your selected method):');
    expect(text).toContain('Send to: pay@northwind.example\nRecipient: Northwind LLC');
    expect(text).not.toContain('Routing Number');
    expect(text).toContain('Contact:\nName: Northwind LLC\nEmail: billing@northwind.example\nPhone: +1 555 0100\nBusiness Address: 1 Harbor Way, Portland, ME 04101');
    expect(html).toContain('Payment reference: 2026-0042');
    expect(text).toContain('Your added hours will become active as soon we verify your payment.');
  });

  it('gives every channel set up when the invoice names no method; a detail not set asks the customer to get in touch', () => {
    for (const method of ['', 'Cash'] as const) {
      const { text } = invoiceEmail(provider, { ...invoice, selectedPaymentMethod: method }, appUrl);
      expect(text.indexOf('By ACH (Bank Transfer):')).toBeGreaterThan(-1);
      expect(text.indexOf('By ACH (Bank Transfer):')).toBeLessThan(text.indexOf('By QuickPay / Zelle:'));
      expect(text.indexOf('By QuickPay / Zelle:')).toBeLessThan(text.indexOf('By Check:'));
      expect(text).toContain('Bank Name: please contact us');
      expect(text).toContain('Mailing Address: 500 Market Street\nSpringfield, IL 62701');
    }
  });

  it("adds the provider's other ways to pay when they wrote them", () => {
    const { text } = invoiceEmail({ ...provider, otherInstructions: 'Card payments by phone.' }, invoice, appUrl);
    expect(text).toContain('Other ways to pay:\nCard payments by phone.');
    expect(invoiceEmail(provider, invoice, appUrl).text).not.toContain('Other ways to pay');
  });

  it('does not ask for payment of an invoice paid in full', () => {
    const { text } = invoiceEmail(provider, { ...invoice, remainingBalance: 0, status: 'Completed', completeStatus: true }, appUrl);
    expect(text).toContain('paid in full');
    expect(text).toContain('Status: Completed');
    expect(text).not.toContain('How to pay');
    expect(text).not.toContain('Amount due');
    expect(text).not.toContain('pay@northwind.example');
  });
});

describe('open-balance reminder', () => {
  it('repeats how to pay with the balance still due', () => {
    const { text, subject } = openBalanceEmail(provider, { ...invoice, selectedPaymentMethod: 'Check' }, appUrl);
    expect(subject).toContain('2026-0042');
    expect(text).toContain('Amount due: $1,000\nPayment reference: 2026-0042');
    expect(text).toContain('By Check (your selected method):');
    expect(text).toContain('Payable to: Northwind LLC\nMailing Address: 500 Market Street');
    expect(text).toContain('Phone: +1 555 0100');
  });
});
