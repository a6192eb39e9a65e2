import { describe, expect, it } from 'vitest';
import { balanceAlertStep } from './balance-alerts.js';

const threshold = 500;

describe('balanceAlertStep', () => {
  it('sends the running-low email when the balance falls from above the threshold to at or below it', () => {
    expect(balanceAlertStep(600, 500, threshold, null)).toEqual({ send: 'runningLow', sent: 'runningLow' });
    expect(balanceAlertStep(501, 0, threshold, null)).toEqual({ send: 'runningLow', sent: 'runningLow' });
  });

  it('sends nothing while the balance stays at or below the threshold', () => {
    expect(balanceAlertStep(500, 300, threshold, 'runningLow')).toEqual({ send: null, sent: 'runningLow' });
    expect(balanceAlertStep(300, 400, threshold, 'runningLow')).toEqual({ send: null, sent: 'runningLow' });
  });

  it('re-arms once the balance is above the threshold again', () => {
    expect(balanceAlertStep(300, 501, threshold, 'runningLow')).toEqual({ send: null, sent: null });
    expect(balanceAlertStep(-100, 800, threshold, 'negative')).toEqual({ send: null, sent: null });
  });

  it('sends the negative email once when the balance goes below 0, even straight from above the threshold', () => {
    expect(balanceAlertStep(200, -1, threshold, 'runningLow')).toEqual({ send: 'negative', sent: 'negative' });
    expect(balanceAlertStep(900, -100, threshold, null)).toEqual({ send: 'negative', sent: 'negative' });
    expect(balanceAlertStep(-100, -300, threshold, 'negative')).toEqual({ send: null, sent: 'negative' });
    expect(balanceAlertStep(100, -300, threshold, 'negative')).toEqual({ send: null, sent: 'negative' });
  });

  it('sends nothing for a balance that was already negative before alerts existed', () => {
    expect(balanceAlertStep(-100, -300, threshold, null)).toEqual({ send: null, sent: null });
  });

  it('treats a threshold of 0 as running low only at exactly 0', () => {
    expect(balanceAlertStep(100, 0, 0, null)).toEqual({ send: 'runningLow', sent: 'runningLow' });
    expect(balanceAlertStep(100, 1, 0, null)).toEqual({ send: null, sent: null });
  });
});
