// A bound on work running at once: a morning fan-out to every device must not open hundreds of
// connections to one push service at the same moment.

export class ConcurrencyLimit {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly max: number) {
    if (!Number.isInteger(max) || max < 1) throw new Error('The limit must be a whole number ≥ 1');
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.max) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await task();
    } finally {
      // The slot passes straight to the next in line, so `running` never drops below the count in use.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  /** For tests. */
  get active(): number {
    return this.running;
  }
}
