import { describe, expect, it } from 'vitest';
import { countingStatusNote, countsTowardBalance, PAYMENT_STATUSES } from './payments.js';

describe('which payment status counts toward an invoice', () => {
  it('completed counts in any letter case and with spaces around it', () => {
    for (const status of ['completed', 'Completed', 'COMPLETED', ' completed ', 'CoMpLeTeD\u00a0']) expect(countsTowardBalance(status), status).toBe(true);
  });

  it('nothing else counts: the other offered statuses, free text, or completed inside other words', () => {
    for (const status of [...PAYMENT_STATUSES.filter((status) => status !== 'completed'), '', 'not completed', 'completed.', 'complete', 'comp leted']) {
      expect(countsTowardBalance(status), status).toBe(false);
    }
  });

  it('the form says of the status as typed whether it counts', () => {
    expect(countingStatusNote('Completed')).toBe("Counts toward the invoice's balance");
    expect(countingStatusNote('pending')).toBe('Does not count toward the invoice\'s balance: only "completed" does');
    expect(countingStatusNote('  ')).toBe('Left empty, it is saved as "completed" and counts toward the invoice\'s balance');
  });
});
