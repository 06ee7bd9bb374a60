/** More tasks wait than the limit takes. */
export class QueueFullError extends Error {
  constructor() {
    super('queue full')
    this.name = 'QueueFullError'
  }
}

export interface ConcurrencyLimitOptions {
  /** Tasks running at once. */
  concurrency: number
  /** Tasks waiting for a turn, in order of arrival; one more is refused with `QueueFullError`. */
  maxWaiting: number
}

/** Runs at most `concurrency` tasks at once; up to `maxWaiting` more wait for their turn. */
export class ConcurrencyLimit {
  private running = 0
  private readonly waiting: (() => void)[] = []

  constructor(private readonly options: ConcurrencyLimitOptions) {}

  /** Runs `task` when a turn is free; throws `QueueFullError` at once when the queue is full. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.options.concurrency) {
      if (this.waiting.length >= this.options.maxWaiting) throw new QueueFullError()
      // the finishing task hands its turn over: `running` stays counted
      await new Promise<void>((resolve) => this.waiting.push(resolve))
    } else {
      this.running++
    }
    try {
      return await task()
    } finally {
      const next = this.waiting.shift()
      if (next) next()
      else this.running--
    }
  }
}
