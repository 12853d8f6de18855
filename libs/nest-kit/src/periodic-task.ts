/**
 * A background job that runs a while after start and then again a fixed time after each run ends
 * (never two runs at once in one process). Stopping waits for a run in progress, so a shutdown
 * never cuts a run's transaction off half-way. The timer never keeps the process alive.
 */
export interface PeriodicTaskOptions {
  /** Milliseconds from `start()` to the first run. */
  firstRunAfterMs: number;
  /** Milliseconds from the end of one run to the start of the next. */
  intervalMs: number;
  run: () => Promise<unknown>;
  /** Told of a run that failed; the next run is scheduled all the same. */
  onError: (error: unknown) => void;
}

export class PeriodicTask {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(private readonly options: PeriodicTaskOptions) {}

  start(): void {
    if (this.timer) return;
    this.schedule(this.options.firstRunAfterMs);
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private schedule(delay: number): void {
    this.timer = setTimeout(() => {
      this.running = this.options
        .run()
        .catch((error: unknown) => this.options.onError(error))
        .finally(() => {
          this.running = undefined;
          if (this.timer) this.schedule(this.options.intervalMs);
        });
    }, delay);
    this.timer.unref();
  }
}
