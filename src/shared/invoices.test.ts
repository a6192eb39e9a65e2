import { describe, expect, it } from 'vitest';
import { invoiceStatus } from './invoices.js';

const invoice = (fields: { completeStatus?: boolean; status?: string; price?: number; remainingBalance?: number }) => ({
  completeStatus: false,
  status: 'Pending',
  price: 100,
  remainingBalance: 100,
  ...fields,
});

describe("an invoice's status", () => {
  it('is Completed when paid in full, otherwise Pending', () => {
    expect(invoiceStatus(invoice({ completeStatus: true, status: 'Completed', remainingBalance: 0 }))).toEqual({ word: 'Completed', partlyPaid: false, text: 'Completed' });
    expect(invoiceStatus(invoice({}))).toEqual({ word: 'Pending', partlyPaid: false, text: 'Pending' });
  });

  it('stays Pending once some payment counts, with "partly paid" beside the word', () => {
    expect(invoiceStatus(invoice({ remainingBalance: 60 }))).toEqual({ word: 'Pending', partlyPaid: true, text: 'Pending (partly paid)' });
  });

  it('shows the status stored with an open invoice, trimmed, and Pending when none is', () => {
    expect(invoiceStatus(invoice({ status: ' On hold ' })).word).toBe('On hold');
    expect(invoiceStatus(invoice({ status: '  ' })).word).toBe('Pending');
  });

  it('says Completed whatever the stored text once paid in full, and never partly paid then', () => {
    expect(invoiceStatus(invoice({ completeStatus: true, status: 'On hold', remainingBalance: 0 }))).toEqual({ word: 'Completed', partlyPaid: false, text: 'Completed' });
    // a price of 0 is paid in full with nothing paid
    expect(invoiceStatus(invoice({ completeStatus: true, price: 0, remainingBalance: 0 })).text).toBe('Completed');
  });
});
