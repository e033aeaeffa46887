/** Thrown by {@link Slots.acquire} when as many callers wait as the slots allow. */
export class SlotsFullError extends Error {
  constructor() {
    super('every slot is taken and the waiting line is full');
    this.name = 'SlotsFullError';
  }
}

/**
 * A counting semaphore for work of this process that must not all run at once (writing
 * workbooks, parsing uploaded spreadsheets): `size` run, the next ones wait in turn, and beyond
 * `maxWaiting` waiting callers a new one is refused.
 */
export class Slots {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly size: number,
    private readonly maxWaiting = Infinity,
  ) {}

  get running(): number {
    return this.active;
  }

  get queued(): number {
    return this.waiting.length;
  }

  /**
   * Resolves with the release of a slot once one is free; rejects with {@link SlotsFullError}
   * when too many wait, or with the signal's reason when it aborts first.
   */
  async acquire(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) throw signal.reason;
    if (this.active < this.size) {
      this.active++;
      return this.releaser();
    }
    if (this.waiting.length >= this.maxWaiting) throw new SlotsFullError();
    await new Promise<void>((resolve, reject) => {
      const wake = () => {
        signal?.removeEventListener('abort', abort);
        resolve();
      };
      const abort = () => {
        const at = this.waiting.indexOf(wake);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(signal?.reason);
      };
      this.waiting.push(wake);
      signal?.addEventListener('abort', abort, { once: true });
    });
    return this.releaser();
  }

  /** Runs `work` in a slot, releasing it however the work ends. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await work();
    } finally {
      release();
    }
  }

  /** A release that works once: it hands the slot to the first waiting caller, or frees it. */
  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    };
  }
}
