import { describe, expect, it } from 'vitest'
import {
  BVED_FILE_KINDS,
  BVED_LAYOUTS,
  BVED_RECORD_TYPES,
  BVED_VERSIONS,
  isBvedRecordType,
  type BvedRecordType,
} from './layouts'

const everyLayout = BVED_VERSIONS.flatMap((version) =>
  BVED_RECORD_TYPES.map((type) => BVED_LAYOUTS[version][type]),
)

describe('bved layouts', () => {
  it.each(everyLayout.map((layout) => [`${layout.version} ${layout.type}`, layout] as const))(
    '%s: the fields are contiguous, do not overlap and fill the record',
    (_, layout) => {
      let next = 1
      for (const field of layout.fields) {
        expect(field.start, `${field.name} begins where the field before it ends`).toBe(next)
        expect(field.length, field.name).toBeGreaterThan(0)
        next = field.start + field.length
      }
      expect(next - 1).toBe(layout.length)
      expect(layout.fields.reduce((sum, field) => sum + field.length, 0)).toBe(layout.length)
    },
  )

  it.each(everyLayout.map((layout) => [`${layout.version} ${layout.type}`, layout] as const))(
    '%s: begins with its type letter, ends with it, and names each value once',
    (_, layout) => {
      const first = layout.fields[0]
      const last = layout.fields.at(-1)
      expect(first).toMatchObject({
        kind: 'fixed',
        name: 'Satzart',
        start: 1,
        content: layout.type,
      })
      expect(last).toMatchObject({
        kind: 'fixed',
        name: 'Satzende',
        start: layout.length,
        content: layout.type,
      })
      const keys = layout.fields.map((field) => field.key)
      expect(new Set(keys).size).toBe(keys.length)
      for (const field of layout.fields) {
        if (field.kind === 'date') expect(field.length, field.name).toBe(6)
        if (field.kind === 'numeric') expect(field.decimals, field.name).toBeLessThan(field.length)
        if (field.kind === 'fixed') expect(field.content, field.name).toHaveLength(field.length)
      }
    },
  )

  it('has the record lengths of the specification (without CR LF)', () => {
    const lengths = Object.fromEntries(
      BVED_RECORD_TYPES.map((type) => [type, BVED_LAYOUTS['3.05'][type].length]),
    )
    expect(lengths).toEqual({ A: 128, L: 2048, M: 2048, B: 1024, K: 1024, D: 1024 })
  })

  // Positions as printed in the PDF of version 3.05 (von – bis, Form, M/K, decimals).
  const printed: Array<[BvedRecordType, string, number, number, string, boolean, number?]> = [
    ['A', 'clientReference', 32, 51, 'alphanumeric', true],
    ['L', 'billingPeriodStart', 116, 121, 'date', true],
    ['L', 'billingPeriodEnd', 122, 127, 'date', true],
    ['L', 'rentLossRiskPercent', 144, 146, 'numeric', false, 2],
    ['L', 'currency', 148, 150, 'alphanumeric', true],
    ['M', 'tenantName1', 53, 87, 'alphanumeric', false],
    ['M', 'ownerTown', 464, 498, 'alphanumeric', false],
    ['M', 'occupancyEnd', 505, 510, 'date', true],
    ['M', 'allocation3Share', 632, 641, 'numeric', false, 2],
    ['M', 'issuerTaxId', 866, 881, 'alphanumeric', false],
    ['M', 'invoiceNumber', 884, 908, 'alphanumeric', false],
    ['M', 'recipientTown', 1132, 1166, 'alphanumeric', false],
    ['M', 'tenantChangeFeeFlag', 1168, 1168, 'code', true],
    ['B', 'calorificValue', 50, 60, 'numeric', false, 4],
    ['B', 'hotWaterVolume', 139, 147, 'numeric', false, 3],
    ['B', 'fuelSlot', 170, 170, 'code', true],
    ['B', 'hotWaterSupply2End', 213, 218, 'date', false],
    ['K', 'costScope', 60, 60, 'alphanumeric', true],
    ['K', 'invoiceDate', 61, 66, 'date', true],
    ['K', 'quantity', 67, 77, 'numeric', false, 3],
    ['K', 'usageGroup', 111, 114, 'alphanumeric', false],
    ['D', 'lastDayOfUse', 52, 57, 'date', true],
    ['D', 'balanceGross', 128, 137, 'numeric', false, 2],
    ['D', 'costTypeKey', 148, 150, 'code', true],
    ['D', 'consumptionShare', 151, 159, 'numeric', false, 3],
    ['D', 'currency', 201, 203, 'alphanumeric', true],
  ]

  it.each(printed)(
    '3.05 %s %s: %i–%i as printed',
    (type, key, start, end, kind, required, decimals) => {
      const layout = BVED_LAYOUTS['3.05'][type]
      const field = layout.fields.find((candidate) => candidate.key === key)
      expect(field).toMatchObject({ start, length: end - start + 1, kind, required })
      if (decimals !== undefined) expect(field).toMatchObject({ decimals })
    },
  )

  it('keeps a whole property’s unit number at 0000 and a unit’s as a value', () => {
    for (const type of ['L', 'B', 'K'] as const) {
      expect(BVED_LAYOUTS['3.05'][type].fields).toContainEqual(
        expect.objectContaining({ key: 'unitNumber', kind: 'fixed', start: 28, content: '0000' }),
      )
    }
    for (const type of ['A', 'M', 'D'] as const) {
      expect(BVED_LAYOUTS['3.05'][type].fields).toContainEqual(
        expect.objectContaining({ key: 'unitNumber', kind: 'code', start: 28, required: true }),
      )
    }
  })

  it('puts each record type in the file of the specification', () => {
    const prefixes = Object.fromEntries(
      BVED_RECORD_TYPES.map((type) => [type, BVED_FILE_KINDS['3.05'][type].prefix]),
    )
    expect(prefixes).toEqual({
      A: 'DTA305',
      L: 'DTM305',
      M: 'DTM305',
      B: 'DTK305',
      K: 'DTK305',
      D: 'DTD305',
    })
    for (const type of BVED_RECORD_TYPES) {
      expect(BVED_FILE_KINDS['3.05'][type].types).toContain(type)
    }
  })

  it('knows the record type letters and nothing else', () => {
    expect(BVED_RECORD_TYPES.every(isBvedRecordType)).toBe(true)
    for (const letter of ['E', 'W', 'a', '', 'AL']) expect(isBvedRecordType(letter)).toBe(false)
  })
})
