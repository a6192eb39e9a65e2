import { describe, expect, it } from 'vitest';
import { statusColor } from './statusColor.js';

describe('a status badge’s colour', () => {
  it('tells the invoice statuses apart', () => {
    expect([statusColor('Completed'), statusColor('Pending')]).toEqual(['green', 'blue']);
  });

  it('gives payment statuses the same colours whatever their case', () => {
    expect([statusColor('completed'), statusColor('pending'), statusColor('failed'), statusColor('refunded')]).toEqual(['green', 'blue', 'red', 'grape']);
    expect(statusColor(' COMPLETED ')).toBe('green');
  });

  it('shows free text in grey', () => {
    expect(statusColor('on hold')).toBe('gray');
    expect(statusColor('')).toBe('gray');
  });
});
