import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isoDate, optionalIsoDate } from '../testing/arbitraries'
import { isDeviceShown, meterType, selectDevices } from './devices'

const TODAY = '2025-06-10'

describe('isDeviceShown', () => {
  it('shows devices not removed or removed after 1 January of the previous year', () => {
    expect(isDeviceShown({ removalDate: null }, TODAY)).toBe(true)
    expect(isDeviceShown({}, TODAY)).toBe(true)
    expect(isDeviceShown({ removalDate: '2024-01-02' }, TODAY)).toBe(true)
    expect(isDeviceShown({ removalDate: '2024-01-01' }, TODAY)).toBe(false)
    expect(isDeviceShown({ removalDate: '2023-12-31' }, TODAY)).toBe(false)
  })

  it('moves the cut-off with the year of today', () => {
    expect(isDeviceShown({ removalDate: '2024-06-01' }, '2025-12-31')).toBe(true)
    expect(isDeviceShown({ removalDate: '2024-06-01' }, '2026-01-01')).toBe(false)
  })

  it('agrees with the cut-off for any day', () => {
    fc.assert(
      fc.property(optionalIsoDate(2015, 2035), isoDate(2018, 2032), (removalDate, today) => {
        const cutoff = `${Number(today.slice(0, 4)) - 1}-01-01`
        expect(isDeviceShown({ removalDate }, today)).toBe(
          removalDate == null || removalDate > cutoff,
        )
      }),
    )
  })

  it('selects the shown devices in their order', () => {
    const devices = [
      { key: 'a', removalDate: '2020-01-01' },
      { key: 'b', removalDate: null },
      { key: 'c', removalDate: '2025-01-01' },
    ]
    expect(selectDevices(devices, TODAY).map((d) => d.key)).toEqual(['b', 'c'])
  })
})

describe('meterType', () => {
  it('derives main and sub meters from the assignment', () => {
    expect(meterType({ mainMeter: true })).toBe('main')
    expect(meterType({ mainMeter: false })).toBe('sub')
    expect(meterType({ mainMeter: null })).toBe('sub')
    expect(meterType(undefined)).toBe('sub')
  })
})
