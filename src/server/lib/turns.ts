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

/**
 * Turns with keys, in the order asked: a turn under a key waits for the earlier turns under the
 * same key and for the earlier whole turns; a whole turn (no key) waits for every earlier turn.
 * So turns under different keys run at once, at most `most` of them, and a whole turn runs alone.
 */
export class KeyedTurns {
  /** Settles when the latest whole turn asked for has been handed back. */
  private whole: Promise<void> = Promise.resolve();
  /** Per key, settles when its latest turn has been handed back; only turns asked since the last whole one. */
  private keyed = new Map<string, Promise<void>>();
  private held = 0;
  /** Turns free to start but for `most`, in the order they became free. */
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly most: number) {
    if (!(most >= 1)) throw new Error('At least one turn must be able to run.');
  }

  async take(key?: string): Promise<() => void> {
    let handBack!: () => void;
    const mine = new Promise<void>((resolve) => (handBack = resolve));
    let before: Promise<unknown>;
    if (key === undefined) {
      before = Promise.all([this.whole, ...this.keyed.values()]);
      this.keyed = new Map();
      this.whole = before.then(() => mine);
    } else {
      before = Promise.all([this.whole, this.keyed.get(key)]);
      const settled = before.then(() => mine);
      this.keyed.set(key, settled);
      // a key whose turns are all handed back leaves the map, which would otherwise grow with every key
      void settled.then(() => {
        if (this.keyed.get(key) === settled) this.keyed.delete(key);
      });
    }
    await before;
    await this.hold();
    return () => {
      this.letGo();
      handBack();
    };
  }

  private async hold(): Promise<void> {
    if (this.held < this.most) {
      this.held += 1;
      return;
    }
    // the turn that lets go hands its place over, so `held` stays as it is
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private letGo(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.held -= 1;
  }
}
