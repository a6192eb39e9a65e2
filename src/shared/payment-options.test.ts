import { describe, expect, it } from 'vitest';
import { PLEASE_CONTACT_US, channelsToPay, howToPay, payeeContact, type Payee } from './payment-options.js';

const payee: Payee = {
  name: 'Northwind LLC',
  email: 'billing@northwind.example',
  phone: '+1 555 0100',
  businessAddress: '1 Harbor Way\nPortland, ME 04101',
  address: '500 Market Street\nSpringfield, IL 62701',
  bankName: null,
  routingNumber: '071000013',
  accountNumber: '1234',
  paymentEmail: 'pay@northwind.example',
  otherInstructions: 'Card payments by phone.',
};
const unpaid = { invoiceId: '2026-0042', remainingBalance: 1250.5, selectedPaymentMethod: 'Zelle' };

describe('howToPay', () => {
  it('gives the amount still due and the invoice number as the payment reference', () => {
    const content = howToPay(unpaid, payee)!;
    expect(content.facts).toEqual([
      { label: 'Amount due', value: '$1,250.50' },
      { label: 'Payment reference', value: '2026-0042' },
    ]);
    expect(content.amountDue).toBe(1250.5);
    expect(content.referenceNote).toContain('2026-0042');
  });

  it("gives only the chosen method's instructions, marked as chosen", () => {
    const content = howToPay(unpaid, payee)!;
    expect(content.methods).toEqual([
      {
        channel: 'Zelle',
        title: 'QuickPay / Zelle',
        chosen: true,
        action: expect.stringContaining('QuickPay / Zelle'),
        details: [
          { label: 'Send to', value: 'pay@northwind.example' },
          { label: 'Recipient', value: 'Northwind LLC' },
        ],
      },
    ]);
  });

  it('gives every channel the provider has set up when the invoice names no method or cash', () => {
    for (const method of ['', 'Cash', 'something else']) {
      const content = howToPay({ ...unpaid, selectedPaymentMethod: method }, payee)!;
      expect(content.methods.map((each) => [each.channel, each.chosen])).toEqual([
        ['ACH', false],
        ['Zelle', false],
        ['Check', false],
      ]);
    }
    expect(channelsToPay('', { name: 'Solo', paymentEmail: 'me@solo.example' })).toEqual(['Zelle']);
    expect(channelsToPay('', { name: 'Solo' })).toEqual(['ACH', 'Zelle', 'Check']);
  });

  it('shows a detail left unset as "please contact us", never as an empty value', () => {
    const ach = howToPay({ ...unpaid, selectedPaymentMethod: 'ACH' }, payee)!.methods[0]!;
    expect(ach.details).toContainEqual({ label: 'Bank Name', value: PLEASE_CONTACT_US });
    expect(ach.details).toContainEqual({ label: 'Routing Number', value: '071000013' });
    const bare = howToPay({ ...unpaid, selectedPaymentMethod: 'Check' }, { name: 'Solo', address: '   ' })!;
    expect(bare.methods[0]!.details).toEqual([
      { label: 'Payable to', value: 'Solo' },
      { label: 'Mailing Address', value: PLEASE_CONTACT_US },
    ]);
  });

  it("names the provider's contact details that are set and their other ways to pay", () => {
    const content = howToPay(unpaid, payee)!;
    expect(content.contact.details).toEqual([
      { label: 'Name', value: 'Northwind LLC' },
      { label: 'Email', value: 'billing@northwind.example' },
      { label: 'Phone', value: '+1 555 0100' },
      { label: 'Business Address', value: '1 Harbor Way\nPortland, ME 04101' },
    ]);
    expect(content.otherInstructions).toEqual({ title: 'Other ways to pay', text: 'Card payments by phone.' });
    expect(payeeContact({ name: 'Solo', email: ' ', phone: null })).toEqual([{ label: 'Name', value: 'Solo' }]);
    expect(howToPay(unpaid, { name: 'Solo', otherInstructions: '  ' })!.otherInstructions).toBeNull();
  });

  it('asks for nothing once the invoice is paid in full', () => {
    expect(howToPay({ ...unpaid, remainingBalance: 0 }, payee)).toBeNull();
    expect(howToPay({ ...unpaid, remainingBalance: -5 }, payee)).toBeNull();
  });
});
