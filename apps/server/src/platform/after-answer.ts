import { ConcurrencyLimit } from './concurrency-limit'

export interface AfterAnswerLogger {
  error(details: object, message: string): void
}

/**
 * Work that starts after the answer that queued it and whose time and failure do not reach that
 * answer (decision 002: a password reset must not tell by its time or status whether a user matched,
 * so the link is stored and mailed here). Four tasks run at once, up to 1,000 wait; beyond, a task
 * is dropped. Failures are logged with their error code only: a mail server's message may name
 * the recipient.
 */
export class AfterAnswerQueue {
  private readonly limit = new ConcurrencyLimit({ concurrency: 4, maxWaiting: 1_000 })
  private readonly pending = new Set<Promise<void>>()

  constructor(private readonly log: AfterAnswerLogger) {}

  enqueue(what: string, task: () => Promise<void>): void {
    const done = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.limit.run(task))
      .catch((error: unknown) => {
        const { name, code, responseCode, command } = (error ?? {}) as Record<string, unknown>
        this.log.error({ err: { name, code, responseCode, command } }, `${what} failed`)
      })
      .finally(() => this.pending.delete(done))
    this.pending.add(done)
  }

  /** Settles when every queued task has finished or failed. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all(this.pending)
  }
}
