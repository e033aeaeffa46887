/**
 * Runs a task every `intervalMs` until stopped; a run still going when the next is due is not
 * overlapped, and stop() waits for the one in progress. Failures go to `onError` and the next run
 * happens as planned.
 */
export class PeriodicTask {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly intervalMs: number,
    private readonly task: () => Promise<void>,
    private readonly onError: (error: Error) => void,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => this.runOnce(), this.intervalMs);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private runOnce(): void {
    if (this.running) return;
    this.running = this.task()
      .catch((error: Error) => this.onError(error))
      .finally(() => {
        this.running = undefined;
      });
  }
}
