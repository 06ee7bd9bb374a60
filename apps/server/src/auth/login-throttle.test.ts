import { describe, expect, it } from 'vitest'
import { LoginThrottle } from './login-throttle'

describe('LoginThrottle', () => {
  it('counts an attempt when it is reserved, so that parallel attempts stop at the limit', () => {
    const throttle = new LoginThrottle({ maxFailures: 10, windowMs: 60_000 })
    const reserved = Array.from({ length: 200 }, () =>
      throttle.reserve(['user:verwalter', 'address:10.0.0.1'], 1_000),
    )
    expect(reserved.filter(Boolean)).toHaveLength(10)
  })

  it('releases a successful attempt and keeps a failed one', () => {
    const throttle = new LoginThrottle({ maxFailures: 2, windowMs: 60_000 })
    const keys = ['user:a']
    throttle.reserve(keys, 0)!.release()
    throttle.reserve(keys, 0)!.release()
    throttle.reserve(keys, 0)!.countAsFailure()
    expect(throttle.reserve(keys, 0)).toBeDefined()
    expect(throttle.reserve(keys, 0)).toBeUndefined()
    // failures leave with the window
    expect(throttle.reserve(keys, 60_000)).toBeDefined()
  })

  it('keeps its memory bounded: entries leave with the window, at most maxKeys names and addresses', () => {
    const throttle = new LoginThrottle({ maxFailures: 10, windowMs: 60_000, maxKeys: 10_000 })
    for (let i = 0; i < 50_000; i++) {
      throttle
        .reserve([`user:name${i}`, `address:10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`], i)!
        .countAsFailure()
    }
    expect(throttle.trackedKeys).toBeLessThanOrEqual(10_000)
    // the newest are kept: the last name is still counted
    for (let i = 0; i < 9; i++) throttle.reserve(['user:name49999'], 50_000)!.countAsFailure()
    expect(throttle.reserve(['user:name49999'], 50_000)).toBeUndefined()
    // once the window passed, nothing is tracked any more
    throttle.reserve(['user:late'], 200_000)!.release()
    expect(throttle.trackedKeys).toBe(0)
  })
})
