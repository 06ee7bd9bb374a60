import { describe, expect, it } from 'vitest'
import {
  ALARM_KINDS,
  ALARM_KIND_TITLES,
  ALARM_STATES,
  alarmExplanation,
  alarmKey,
  alarmStateChangeRefused,
  canChangeAlarmState,
  formatAlarmConsumption,
  vacancyInMonth,
} from './alarms'

describe('alarm states', () => {
  it.each([
    ['OFFEN', 'GESEHEN', true],
    ['OFFEN', 'ERLEDIGT', true],
    ['GESEHEN', 'OFFEN', true],
    ['GESEHEN', 'ERLEDIGT', true],
    ['ERLEDIGT', 'OFFEN', true],
    ['ERLEDIGT', 'GESEHEN', false],
    ['OFFEN', 'OFFEN', false],
  ] as const)('%s -> %s: %s', (from, to, allowed) => {
    expect(canChangeAlarmState(from, to)).toBe(allowed)
  })

  it('refuses in German', () => {
    expect(alarmStateChangeRefused('ERLEDIGT', 'GESEHEN')).toBe(
      'Ein erledigter Alarm kann nicht auf „gesehen“ gesetzt werden.',
    )
    expect(ALARM_STATES).toEqual(['OFFEN', 'GESEHEN', 'ERLEDIGT'])
  })
})

describe('alarm key', () => {
  it('names kind, unit, device and subject, so that the next run finds the alarm again', () => {
    expect(
      alarmKey({
        kind: 'BACKWARD_READING',
        pointOfDelivery: 'VS1',
        device: 'G7',
        subject: '2026-10-31',
      }),
    ).toBe('BACKWARD_READING|VS1|G7|2026-10-31')
    expect(
      alarmKey({
        kind: 'VACANT_CONSUMPTION',
        pointOfDelivery: 'VS1',
        device: null,
        subject: '2026-10',
      }),
    ).toBe('VACANT_CONSUMPTION|VS1||2026-10')
  })

  it('has a German title for every kind', () => {
    for (const kind of ALARM_KINDS) expect(ALARM_KIND_TITLES[kind]).toMatch(/\S/)
  })
})

describe('vacancy in a month', () => {
  const tenant = (from: string, until: string | null, contractStatus = 'B') => ({
    contractStatus,
    from,
    until,
  })

  it('is vacant without a contract since the day after the last tenancy ended', () => {
    expect(vacancyInMonth([tenant('2020-01-01', '2026-09-30')], '2026-10')).toEqual({
      since: '2026-10-01',
      contractStatus: null,
    })
  })

  it('is not vacant when a tenancy touches a day of the month, on either boundary', () => {
    expect(vacancyInMonth([tenant('2020-01-01', '2026-10-01')], '2026-10')).toBeNull()
    expect(vacancyInMonth([tenant('2026-10-31', null, 'A')], '2026-10')).toBeNull()
    expect(vacancyInMonth([tenant('2026-11-01', null, 'A')], '2026-10')).toEqual({
      since: null,
      contractStatus: null,
    })
  })

  it('names a vacancy contract (L) and its start when no tenancy ended before', () => {
    expect(vacancyInMonth([tenant('2026-06-01', null, 'L')], '2026-10')).toEqual({
      since: '2026-06-01',
      contractStatus: 'L',
    })
    expect(
      vacancyInMonth(
        [tenant('2019-01-01', '2026-05-31'), tenant('2026-06-01', null, 'L')],
        '2026-10',
      ),
    ).toEqual({ since: '2026-06-01', contractStatus: 'L' })
  })
})

describe('explanations', () => {
  it('says what a vacant unit used', () => {
    expect(
      alarmExplanation('VACANT_CONSUMPTION', {
        unitReference: 'NE-0003',
        month: '2026-10',
        vacantSince: '2026-10-01',
        contractStatus: null,
        HV: '412.000',
      }),
    ).toBe(
      'Die Nutzeinheit NE-0003 ist seit 01.10.2026 leer (kein Vertrag), hat aber im Oktober 2026 412\u00a0Einheiten (Heizung (Heizkostenverteiler)) verbraucht.',
    )
    expect(
      alarmExplanation('VACANT_CONSUMPTION', {
        unitReference: 'NE-0003',
        month: '2026-10',
        vacantSince: null,
        contractStatus: 'L',
        HZ: '80.500',
        WW: '1.250',
      }),
    ).toBe(
      'Die Nutzeinheit NE-0003 ist leer (Vertragsstatus L – Leerstand), hat aber im Oktober 2026 80,5\u00a0kWh (Heizung (Wärmezähler)) und 1,25\u00a0m³ (Warmwasser (Wasserzähler)) verbraucht.',
    )
  })

  it('names the silent device, its last value and the one missing', () => {
    expect(
      alarmExplanation('SILENT_DEVICE', {
        unitReference: 'NE-0001',
        serialNumber: 'HKV12345678',
        typeClass: 'HV',
        lastReadingDate: '2026-09-30',
        expectedDate: '2026-10-31',
      }),
    ).toBe(
      'Das Gerät HKV12345678 (Heizkostenverteiler) der Nutzeinheit NE-0001 sendet keine Werte mehr: der letzte Wert ist vom 30.09.2026, der Wert zum 31.10.2026 fehlt.',
    )
  })

  it('gives the figures of a unit far above the average', () => {
    expect(
      alarmExplanation('FAR_ABOVE_AVERAGE', {
        unitReference: 'NE-0005',
        month: '2026-10',
        typeClass: 'HZ',
        perSquareMetre: '150.000',
        propertyPerSquareMetre: '100.000',
        percentAboveAverage: 50,
        thresholdPercent: 50,
      }),
    ).toBe(
      'Die Nutzeinheit NE-0005 hat in den zwölf Monaten bis Oktober 2026 mit 150,00\u00a0kWh/m² 50,0 % mehr verbraucht als die Liegenschaft im Durchschnitt (100,00\u00a0kWh/m²; Heizung (Wärmezähler)). Die Schwelle liegt bei 50 %.',
    )
  })

  it('gives the backward reading and the one before', () => {
    expect(
      alarmExplanation('BACKWARD_READING', {
        unitReference: 'NE-0002',
        serialNumber: 'WW1',
        typeClass: 'WW',
        readingDate: '2026-10-31',
        reading: '10.000',
        previous: '12.500',
      }),
    ).toBe(
      'Der Zählerstand des Geräts WW1 (Warmwasserzähler) der Nutzeinheit NE-0002 ist am 31.10.2026 mit 10,000 kleiner als der Wert davor (12,500); ein Zähler zählt nur aufwärts.',
    )
  })

  it('formats consumption without trailing zeros', () => {
    expect(formatAlarmConsumption('412.000', 'HV')).toBe('412\u00a0Einheiten')
    expect(formatAlarmConsumption('0.120', 'WW')).toBe('0,12\u00a0m³')
    expect(formatAlarmConsumption('1000.500', 'HZ')).toBe('1.000,5\u00a0kWh')
  })
})
