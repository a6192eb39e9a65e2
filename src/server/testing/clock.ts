import type { Clock } from '../lib/clock.js';

/** A clock tests can move. */
export class TestClock implements Clock {
  private current: number;
  constructor(start = new Date('2026-03-02T15:00:00.000Z')) {
    this.current = start.getTime();
  }
  now = () => new Date(this.current);
  advance = (ms: number) => {
    this.current += ms;
  };
  set = (date: Date) => {
    this.current = date.getTime();
  };
}
