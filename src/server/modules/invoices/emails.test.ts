import { describe, expect, it } from 'vitest';
import type { Provider } from '../../config.js';
import { paymentInstructions } from './emails.js';

const provider: Provider = {
  name: 'Northwind LLC',
  email: 'billing@northwind.example',
  phone: undefined,
  businessAddress: undefined,
  otherInstructions: undefined,
  address: '500 Market Street\nSpringfield, IL 62701',
  bankName: undefined,
  routingNumber: '071000013',
  accountNumber: '1234',
  paymentEmail: 'pay@northwind.example',
};

describe('paymentInstructions', () => {
  it('gives the intended channel only, with the payee details of the shared table', () => {
    expect(paymentInstructions(provider, 'Zelle')).toEqual(['By QuickPay / Zelle:\nSend to: pay@northwind.example\nRecipient: Northwind LLC']);
    expect(paymentInstructions(provider, 'Check')).toEqual(['By Check:\nPayable to: Northwind LLC\nMailing Address: 500 Market Street\nSpringfield, IL 62701']);
  });

  it('gives every channel, in order, when the invoice names none or cash; a detail not set asks the customer to get in touch', () => {
    for (const method of ['', 'Cash'] as const) {
      const blocks = paymentInstructions(provider, method);
      expect(blocks.map((block) => block.split('\n')[0])).toEqual(['By ACH (Bank Transfer):', 'By QuickPay / Zelle:', 'By Check:']);
      expect(blocks[0]).toContain('Bank Name: (bank name: please contact us)');
      expect(blocks[0]).toContain('Routing Number: 071000013');
    }
  });
});
