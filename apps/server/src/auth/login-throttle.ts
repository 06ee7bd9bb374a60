/** A sign-in attempt counted under its keys (user name, client address) while it is verified. */
export interface LoginAttempt {
  /** The password was right, or it was not verified: the attempt stops counting. */
  release(): void | Promise<void>
  /** The password was wrong: the attempt stays counted as a failure until it leaves the window. */
  countAsFailure(): void | Promise<void>
}

/**
 * Where sign-in attempts are counted. The seam for a shared store: today one process serves one
 * customer and `LoginThrottle` counts in memory; a store in PostgreSQL or Redis for several
 * processes implements the same two steps, atomically per key.
 */
export interface LoginAttemptStore {
  /**
   * Counts an attempt under every key before its password is verified, so that parallel attempts
   * cannot pass a check that only later ones would fail. Undefined when any key already holds
   * `maxFailures` attempts (failed or being verified) in the window: answer 429.
   */
  reserve(keys: readonly string[]): LoginAttempt | undefined | Promise<LoginAttempt | undefined>
}

export interface LoginThrottleOptions {
  /** Attempts per key and window; the next one is refused. */
  maxFailures?: number
  windowMs?: number
  /** Names and addresses tracked at most; beyond, the least recently tried ones are forgotten. */
  maxKeys?: number
}

/**
 * Counts sign-in attempts per user name and per client address in a sliding window, in memory.
 * An attempt counts from its reservation on; a right password releases it, a wrong one keeps it.
 * With more than `maxFailures` attempts within `windowMs` a name or address is refused until
 * older ones leave the window.
 *
 * Memory stays bounded: a key holds at most `maxFailures` instants, keys whose newest instant left
 * the window are dropped, and at most `maxKeys` keys are kept (the least recently tried go first).
 * Forgetting a key under a flood of distinct names lets that name try again early; the address
 * key of the flooding client still holds.
 */
export class LoginThrottle implements LoginAttemptStore {
  /** Instants of the attempts per key; the map's order is the order in which keys were last tried. */
  private readonly attempts = new Map<string, number[]>()
  private readonly maxFailures: number
  private readonly windowMs: number
  private readonly maxKeys: number

  constructor({
    maxFailures = 10,
    windowMs = 60_000,
    maxKeys = 10_000,
  }: LoginThrottleOptions = {}) {
    this.maxFailures = maxFailures
    this.windowMs = windowMs
    this.maxKeys = maxKeys
  }

  /** How many names and addresses are tracked. */
  get trackedKeys(): number {
    return this.attempts.size
  }

  reserve(
    keys: readonly string[],
    now = Date.now(),
  ): { release(): void; countAsFailure(): void } | undefined {
    this.dropExpired(now)
    if (keys.some((key) => this.recent(key, now).length >= this.maxFailures)) return undefined
    for (const key of keys) {
      const kept = this.recent(key, now)
      // re-inserted: the key moves to the end of the map, the most recently tried
      this.attempts.delete(key)
      this.attempts.set(key, [...kept, now])
    }
    this.evictBeyondLimit()
    return {
      release: () => {
        for (const key of keys) this.forget(key, now)
      },
      countAsFailure: () => {},
    }
  }

  /** The instants of `key` still inside the window (not stored back). */
  private recent(key: string, now: number): number[] {
    return (this.attempts.get(key) ?? []).filter((at) => now - at < this.windowMs)
  }

  /** Removes one instant of a released attempt; the key goes when nothing is left. */
  private forget(key: string, instant: number): void {
    const instants = this.attempts.get(key)
    if (!instants) return
    const index = instants.indexOf(instant)
    if (index >= 0) instants.splice(index, 1)
    if (instants.length === 0) this.attempts.delete(key)
  }

  /** Drops keys from the least recently tried on while their newest instant left the window. */
  private dropExpired(now: number): void {
    for (const [key, instants] of this.attempts) {
      const newest = instants.at(-1)
      if (newest !== undefined && now - newest < this.windowMs) return
      this.attempts.delete(key)
    }
  }

  private evictBeyondLimit(): void {
    for (const key of this.attempts.keys()) {
      if (this.attempts.size <= this.maxKeys) return
      this.attempts.delete(key)
    }
  }
}
