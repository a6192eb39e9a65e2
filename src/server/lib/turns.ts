/**
 * One at a time, in the order asked: `take` waits until every earlier holder has handed its turn
 * back, then answers the function that hands this one back.
 */
export class Turns {
  private last: Promise<void> = Promise.resolve();

  async take(): Promise<() => void> {
    let handBack!: () => void;
    const mine = new Promise<void>((resolve) => (handBack = resolve));
    const before = this.last;
    this.last = before.then(() => mine);
    await before;
    return handBack;
  }
}
