/**
 * The one queue every image decode/resize/encode in the gateway goes through. At most `concurrency`
 * images are worked on at once and at most `maxWaiting` wait; a further image is refused at once with
 * 503 and Retry-After. Decoding a large image takes one libuv thread and tens of megabytes for as long
 * as it runs: unbounded, a few uploads at once used every thread and the pod's memory, and requests
 * that need neither (health checks, page loads) waited behind them.
 */
import { AppError } from '@lr/contracts';
import { metrics } from '@lr/nest-kit';

/** What a client is told to wait after a 503: long enough for the images ahead of it to finish. */
const RETRY_AFTER_SECONDS = 5;

export interface ImageQueueStats {
  /** Images being worked on now. */
  active: number;
  /** Images waiting for a turn now. */
  waiting: number;
  /** The most images ever worked on at once. */
  peakActive: number;
  /** The most images ever waiting at once. */
  peakWaiting: number;
  /** Images that got a turn (started), since the process started. */
  started: number;
  /** Images refused because the waiting list was full. */
  refused: number;
}

export class ImageQueue {
  private readonly waiters: (() => void)[] = [];
  private readonly figures: ImageQueueStats = {
    active: 0,
    waiting: 0,
    peakActive: 0,
    peakWaiting: 0,
    started: 0,
    refused: 0,
  };

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
  ) {}

  stats(): ImageQueueStats {
    return { ...this.figures, waiting: this.waiters.length };
  }

  /** Runs `task` when a slot is free; throws 503 (nothing run) when the waiting list is full. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (this.figures.active < this.concurrency) {
      this.start();
      return Promise.resolve();
    }
    if (this.waiters.length >= this.maxWaiting) {
      this.figures.refused += 1;
      metrics.images.refused.inc();
      return Promise.reject(
        new AppError(
          'SERVICE_UNAVAILABLE',
          `Too many images are being processed; try again in ${RETRY_AFTER_SECONDS} seconds`,
          { retryAfterSeconds: RETRY_AFTER_SECONDS },
        ),
      );
    }
    return new Promise<void>((resolve) => {
      this.waiters.push(() => {
        this.start();
        resolve();
      });
      this.figures.peakWaiting = Math.max(this.figures.peakWaiting, this.waiters.length);
    });
  }

  private start(): void {
    this.figures.active += 1;
    this.figures.started += 1;
    this.figures.peakActive = Math.max(this.figures.peakActive, this.figures.active);
  }

  private release(): void {
    this.figures.active -= 1;
    // The freed slot goes straight to the oldest waiter, so a new arrival cannot jump the line.
    this.waiters.shift()?.();
  }
}
