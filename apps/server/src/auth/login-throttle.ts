/**
 * Counts failed sign-ins per user name and per client address in a sliding window; more than
 * `maxFailures` within `windowMs` blocks further attempts for that name or address until older
 * failures leave the window. Kept in memory: one server process serves one customer.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>()

  constructor(
    private readonly maxFailures = 10,
    private readonly windowMs = 60_000,
  ) {}

  isBlocked(keys: string[], now = Date.now()): boolean {
    return keys.some((key) => this.recent(key, now).length >= this.maxFailures)
  }

  recordFailure(keys: string[], now = Date.now()): void {
    for (const key of keys) this.failures.set(key, [...this.recent(key, now), now])
  }

  private recent(key: string, now: number): number[] {
    const kept = (this.failures.get(key) ?? []).filter((at) => now - at < this.windowMs)
    if (kept.length === 0) this.failures.delete(key)
    else this.failures.set(key, kept)
    return kept
  }
}
