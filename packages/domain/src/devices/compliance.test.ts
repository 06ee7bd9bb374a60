import { describe, expect, it } from 'vitest'
import {
  backwardReadings,
  calibrationState,
  calibrationValidUntil,
  isFarAboveAverage,
  isRemotelyRead,
  isSilentDevice,
  isVacantWithConsumption,
  remoteReadingState,
} from './compliance'

describe('§ 5 Abs. 2, 3 HeizkostenV: remote reading', () => {
  const heatMeter = (installationDate: string | null) => ({ typeClass: 'HZ', installationDate })

  it.each([
    ['2021-11-30', '2026-12-31', 'retrofitDue'],
    ['2021-11-30', '2027-01-01', 'retrofitOverdue'],
    ['2021-12-01', '2026-12-31', 'mustBeRemote'],
    ['2021-12-01', '2027-01-01', 'mustBeRemote'],
    [null, '2026-12-31', 'retrofitDue'],
    [null, '2027-01-01', 'retrofitOverdue'],
  ] as const)('a device installed %s that is not remote, on %s: %s', (installed, today, state) => {
    expect(remoteReadingState(heatMeter(installed), false, today)).toBe(state)
  })

  it('is remote whatever its installation day once it sends by radio; cold water is not covered', () => {
    expect(remoteReadingState(heatMeter('2010-01-01'), true, '2027-01-01')).toBe('remote')
    expect(
      remoteReadingState({ typeClass: 'KW', installationDate: null }, false, '2027-01-01'),
    ).toBe('notCovered')
    expect(
      remoteReadingState({ typeClass: 'HV', installationDate: null }, false, '2026-06-01'),
    ).toBe('retrofitDue')
  })

  it('counts a device remote with a radio value within the last thirteen months', () => {
    const radio = (readingDate: string) => [{ readingDate, readingType: 'Funkablesung' }]
    // today 2026-12-02: the last complete month is November 2026; thirteen before it, October 2025
    expect(isRemotelyRead(radio('2025-11-01'), '2026-12-02')).toBe(true)
    expect(isRemotelyRead(radio('2025-10-31'), '2026-12-02')).toBe(false)
    expect(
      isRemotelyRead([{ readingDate: '2026-11-30', readingType: 'Ableser' }], '2026-12-02'),
    ).toBe(false)
  })
})

describe('§ 34 MessEV, Anlage 7: calibration', () => {
  it('runs six years from the year after the calibration, to the end of a year', () => {
    expect(calibrationValidUntil('KW', 2021)).toBe('2027-12-31')
    expect(calibrationValidUntil('WW', 2020)).toBe('2026-12-31')
    expect(calibrationValidUntil('HZ', 2020)).toBe('2026-12-31')
    expect(calibrationValidUntil('HV', 2020)).toBeNull()
  })

  it.each([
    ['WW', 2020, '2026-12-31', 'dueThisYear'],
    ['WW', 2020, '2027-01-01', 'expired'],
    ['WW', 2021, '2026-12-31', 'valid'],
    ['WW', 2021, '2027-01-01', 'dueThisYear'],
    ['HV', 2010, '2027-01-01', 'notRequired'],
    ['HZ', null, '2026-12-02', 'unknown'],
  ] as const)('%s calibrated %s on %s: %s', (typeClass, year, today, state) => {
    expect(calibrationState(typeClass, year, today)).toBe(state)
  })
})

describe('alarms', () => {
  it('finds a remote device silent when last month’s value is missing ten days after its end', () => {
    // November's value is expected from 11 December on; before, October's
    expect(isSilentDevice('2026-10-31', '2026-12-10')).toBe(false)
    expect(isSilentDevice('2026-10-31', '2026-12-11')).toBe(true)
    expect(isSilentDevice('2026-11-30', '2026-12-11')).toBe(false)
    expect(isSilentDevice('2026-09-30', '2026-12-10')).toBe(true)
    expect(isSilentDevice(null, '2026-12-10')).toBe(true)
  })

  it('finds a reading below the one before, and nothing in a rising series', () => {
    expect(
      backwardReadings([
        { readingDate: '2026-10-31', reading: '120.000' },
        { readingDate: '2026-09-30', reading: '100.000' },
        { readingDate: '2026-11-30', reading: '119.999' },
      ]),
    ).toEqual([{ readingDate: '2026-11-30', reading: '119.999', previous: '120.000' }])
    expect(
      backwardReadings([
        { readingDate: '2026-09-30', reading: '100.000' },
        { readingDate: '2026-10-31', reading: '100.000' },
      ]),
    ).toEqual([])
  })

  it('finds a vacant unit that consumes: status L or no contract, above zero', () => {
    expect(isVacantWithConsumption('L', 1)).toBe(true)
    expect(isVacantWithConsumption(null, 1)).toBe(true)
    expect(isVacantWithConsumption('L', 0)).toBe(false)
    expect(isVacantWithConsumption('A', 500)).toBe(false)
  })

  it('finds a unit at or above the threshold over the property per m²', () => {
    expect(isFarAboveAverage(150, 100, 50)).toBe(true)
    expect(isFarAboveAverage(149.9, 100, 50)).toBe(false)
    expect(isFarAboveAverage(10, 0, 50)).toBe(false)
  })
})
