import { z } from 'zod'
import { describe, expect, it } from 'vitest'
import { ATTRIBUTE_LABELS, ATTRIBUTE_UNITS, formatAttributeValue } from './attributes'
import { CONTRACT_ACCOUNT_TYPES, CONTRACT_STATUS, isShownContractAccountType } from './contract'
import { EXPENSE_OBJECT_TYPES, SUPPLY_AREAS } from './costs'
import {
  DEVICE_SEGMENTS,
  DEVICE_TYPE_CLASSES,
  DEVICE_TYPE_CLASS_SEGMENT,
  counterPositionText,
} from './device'
import { DISTRIBUTION_STATUS } from './distribution'
import { codesOf, label } from './label'
import { PROPERTY_CONTACT_ROLES, SALUTATIONS, TITLES } from './partner'

describe('label', () => {
  it('gives the German label of a known code', () => {
    expect(label(CONTRACT_STATUS, 'K')).toBe('Gekündigt')
    expect(label(DISTRIBUTION_STATUS, 'E')).toBe('erfasst')
    expect(label(SALUTATIONS, 'HF')).toBe('Herr und Frau')
    expect(label(TITLES, 'PRDR')).toBe('Prof. Dr.')
    expect(label(DEVICE_SEGMENTS, '04')).toBe('Wärmezähler')
    expect(label(SUPPLY_AREAS, 'BK')).toBe('Betriebskosten')
    expect(label(PROPERTY_CONTACT_ROLES, 'ABW_LE')).toBe('Abweichender Leistungsempfänger')
  })

  it('falls back to the code, also for names of Object.prototype', () => {
    expect(label(CONTRACT_STATUS, 'X')).toBe('X')
    expect(label(CONTRACT_STATUS, 'toString')).toBe('toString')
    expect(label(CONTRACT_STATUS, null)).toBe('')
  })
})

describe('codesOf', () => {
  it('feeds z.enum with the codes of a table', () => {
    const schema = z.enum(codesOf(CONTRACT_ACCOUNT_TYPES))
    expect(schema.options).toEqual(['VKW', 'VKG', 'VKT'])
    expect(schema.safeParse('VKG').success).toBe(true)
    expect(schema.safeParse('Gewerbe').success).toBe(false)
  })

  it('refuses an empty table', () => {
    expect(() => codesOf({})).toThrow(RangeError)
  })
})

describe('code tables', () => {
  it('hide technical contract accounts only', () => {
    expect(isShownContractAccountType('VKT')).toBe(false)
    expect(isShownContractAccountType('VKW')).toBe(true)
    expect(isShownContractAccountType('VKG')).toBe(true)
  })

  it('give every type class a known segment', () => {
    for (const typeClass of codesOf(DEVICE_TYPE_CLASSES)) {
      expect(Object.keys(DEVICE_SEGMENTS)).toContain(DEVICE_TYPE_CLASS_SEGMENT[typeClass])
    }
    expect(DEVICE_TYPE_CLASS_SEGMENT.KW).toBe('03')
    expect(DEVICE_TYPE_CLASS_SEGMENT.WA).toBe('04')
    expect(DEVICE_TYPE_CLASS_SEGMENT.RWM).toBe('21')
  })

  it('list the codes of the specification', () => {
    expect(codesOf(DISTRIBUTION_STATUS).sort()).toEqual(['E', 'F', 'G', 'O', 'S', 'V'])
    expect(codesOf(EXPENSE_OBJECT_TYPES)).toHaveLength(6)
    expect(codesOf(SALUTATIONS)).toHaveLength(9)
    expect(codesOf(DEVICE_TYPE_CLASSES)).toHaveLength(8)
    expect(codesOf(ATTRIBUTE_LABELS)).toEqual(
      expect.arrayContaining([
        'HF',
        'EMF',
        'NF',
        'WF',
        'GNA',
        'NE',
        'TM_KW',
        'TM_WW',
        'GK_HZ',
        'GK_WA',
        'BJ',
      ]),
    )
  })

  it('have a unit only for attributes with a label', () => {
    for (const code of Object.keys(ATTRIBUTE_UNITS))
      expect(Object.keys(ATTRIBUTE_LABELS)).toContain(code)
  })
})

describe('formatAttributeValue', () => {
  it('shows areas with decimal comma and unit', () => {
    expect(formatAttributeValue('WF', '85.5')).toBe('85,50\u00a0m²')
    expect(formatAttributeValue('HF', '1234')).toBe('1.234,00\u00a0m²')
  })

  it('shows device costs as amounts in EUR', () => {
    expect(formatAttributeValue('GK_HZ', '212.7')).toBe('212,70 €')
    expect(formatAttributeValue('GK_WA', 'kaputt')).toBe('kaputt')
  })

  it('shows the building usage as its label', () => {
    expect(formatAttributeValue('GNA', 'WG')).toBe('Wohnen und Gewerbe')
    expect(formatAttributeValue('GNA', 'Q')).toBe('Q')
  })

  it('shows the tariff models of water as the words of their allocation keys', () => {
    expect(formatAttributeValue('TM_KW', 'VERB')).toBe('Verbrauch')
    expect(formatAttributeValue('TM_KW', 'WF')).toBe('Wohnfläche')
    expect(formatAttributeValue('TM_WW', 'VERB')).toBe('Verbrauch')
    expect(formatAttributeValue('TM_WW', 'XY')).toBe('XY')
  })

  it('leaves years, counts and unreadable areas as sent', () => {
    expect(formatAttributeValue('BJ', '1975')).toBe('1975')
    expect(formatAttributeValue('NE', '12')).toBe('12')
    expect(formatAttributeValue('WF', 'ca. 80')).toBe('ca. 80')
    expect(formatAttributeValue('toString', '1')).toBe('1')
    expect(formatAttributeValue('WF', null)).toBe('')
  })
})

describe('counterPositionText', () => {
  it('names the counter position as the measurement list shows it', () => {
    expect(counterPositionText('1')).toBe('Zählwerk 1')
    expect(counterPositionText('2')).toBe('Zählwerk 2')
  })
})
