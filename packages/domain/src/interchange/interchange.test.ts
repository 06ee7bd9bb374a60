import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DATE_DOES_NOT_EXIST_MESSAGE, isDecimalText } from '../validation/values'
import {
  INTERCHANGE_ENTITIES,
  INTERCHANGE_ENTITY_LIST,
  PROPERTY_CONNECTION_MESSAGE,
  type InterchangeEntity,
  type InterchangeEntityName,
} from './entities'
import {
  decimal,
  decimalMessage,
  digitsMessage,
  SERIAL_ID_MESSAGE,
  textLengthMessage,
} from './fields'
import { interchangeJsonSchemaFiles, JSON_SCHEMA_FOLDER } from './json-schemas'
import {
  interchangeRecordErrors,
  MISSING_FIELD_MESSAGE,
  NOT_AN_OBJECT_MESSAGE,
  UNKNOWN_FIELD_MESSAGE,
} from './validate'

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url))

const entity = (name: InterchangeEntityName): InterchangeEntity =>
  INTERCHANGE_ENTITY_LIST.find((e) => e.name === name)!

const example = (name: InterchangeEntityName) => ({
  ...INTERCHANGE_ENTITIES[name].example,
})

describe('interchange format', () => {
  it('accepts the example of every entity, whose fields are the schema fields', () => {
    for (const e of INTERCHANGE_ENTITY_LIST) {
      expect(interchangeRecordErrors(e, e.example), e.name).toEqual([])
      expect(Object.keys(e.example), e.name).toEqual(e.fields)
    }
  })

  it('lists the entities in dependency order, with keys, defaults and references on own fields', () => {
    const seen = new Set<string>()
    const forward = ['contractTariffs.billingVoucher', 'connections.parentConnection']
    for (const e of INTERCHANGE_ENTITY_LIST) {
      for (const field of [...e.key, ...e.defaulted]) expect(e.fields, e.name).toContain(field)
      for (const reference of e.references) {
        expect(e.fields, e.name).toContain(reference.field)
        const self = `${e.name}.${reference.field}`
        if (!forward.includes(self) && !(e.name === 'connections' && reference.entity === e.name)) {
          expect(seen.has(reference.entity), `${self} -> ${reference.entity}`).toBe(true)
        }
      }
      seen.add(e.name)
    }
    expect(new Set(INTERCHANGE_ENTITY_LIST.map((e) => e.file)).size).toBe(
      INTERCHANGE_ENTITY_LIST.length,
    )
  })

  it('checks the company code and the property of every record that has them', () => {
    const measurements = entity('measurements')
    expect(measurements.references).toEqual(
      expect.arrayContaining([
        { field: 'companyCode', entity: 'companyCodes' },
        { field: 'propertyConnection', entity: 'connections', same: 'property' },
        { field: 'device', entity: 'devices', same: 'property' },
      ]),
    )
  })

  it('names the field and the German rule of an impossible date, a missing and an unknown field', () => {
    const record = example('measurements')
    record.readingDate = '2023-02-30'
    delete record.device
    record.colour = 'blau'
    expect(interchangeRecordErrors(entity('measurements'), record)).toEqual(
      expect.arrayContaining([
        { field: 'readingDate', message: DATE_DOES_NOT_EXIST_MESSAGE },
        { field: 'device', message: MISSING_FIELD_MESSAGE },
        { field: 'colour', message: UNKNOWN_FIELD_MESSAGE },
      ]),
    )
    expect(interchangeRecordErrors(entity('measurements'), [1, 2])).toEqual([
      { field: '', message: NOT_AN_OBJECT_MESSAGE },
    ])
  })

  it('takes amounts and ids as texts only, in the size of their column', () => {
    const expense = example('operatingCostsExpenses')
    expense.amountNet = 12.5
    expense.apportionableAmount = '12.345'
    expense.deductibleAmount = '12345678901234.00'
    expect(interchangeRecordErrors(entity('operatingCostsExpenses'), expense)).toEqual([
      { field: 'apportionableAmount', message: decimalMessage(13, 2) },
      { field: 'deductibleAmount', message: decimalMessage(13, 2) },
      { field: 'amountNet', message: decimalMessage(13, 2) },
    ])
    for (const id of [42, '0', '042', '9007199254740992', '1.5']) {
      expect(
        interchangeRecordErrors(entity('measurements'), { ...example('measurements'), id }),
      ).toEqual([{ field: 'id', message: SERIAL_ID_MESSAGE }])
    }
  })

  it('takes the bved numbers as exactly their digits, and the ERP reference up to 20 characters', () => {
    const property = example('connections')
    const errors = (values: Record<string, unknown>) =>
      interchangeRecordErrors(entity('connections'), { ...property, ...values })
    expect(errors({ bvedPropertyNumber: '000000001', erpReference: 'x'.repeat(20) })).toEqual([])
    expect(errors({ bvedPropertyNumber: null, erpReference: null })).toEqual([])
    for (const wrong of ['12345678', '1234567890', '12345678a', 123456789]) {
      expect(errors({ bvedPropertyNumber: wrong })).toEqual([
        { field: 'bvedPropertyNumber', message: digitsMessage(9) },
      ])
    }
    expect(errors({ erpReference: 'x'.repeat(21) })).toEqual([
      { field: 'erpReference', message: textLengthMessage(20) },
    ])
    const unit = { ...example('pointsOfDelivery'), bvedUnitNumber: '001' }
    expect(interchangeRecordErrors(entity('pointsOfDelivery'), unit)).toEqual([
      { field: 'bvedUnitNumber', message: digitsMessage(4) },
    ])
  })

  it('has the decimal pattern say what isDecimalText says', () => {
    const schema = decimal(4, 2)
    fc.assert(
      fc.property(fc.stringMatching(/^-?[0-9]{0,6}(\.[0-9]{0,3})?$/), (text) => {
        expect(schema.safeParse(text).success).toBe(
          isDecimalText(text, { integerDigits: 4, fractionDigits: 2 }),
        )
      }),
    )
  })

  it('lets null stand for a field left out, but never for a required one', () => {
    const contract = example('contracts')
    delete contract.until
    contract.externalNumber = null
    expect(interchangeRecordErrors(entity('contracts'), contract)).toEqual([])
    contract.from = null
    expect(interchangeRecordErrors(entity('contracts'), contract)).toHaveLength(1)
  })

  it('refuses a building that claims to be its own property, and a property that is not', () => {
    const building = { ...example('connections'), connection: '1000500001' }
    expect(interchangeRecordErrors(entity('connections'), building)).toEqual([
      { field: 'propertyConnection', message: PROPERTY_CONNECTION_MESSAGE },
    ])
    expect(
      interchangeRecordErrors(entity('connections'), {
        ...building,
        parentConnection: '1000000001',
      }),
    ).toEqual([])
  })

  it('refuses an attachment file outside the attachments folder', () => {
    for (const contentFile of ['../secret.pdf', 'attachments/../x', 'attachments/..', 'a/b.pdf']) {
      const errors = interchangeRecordErrors(entity('attachments'), {
        ...example('attachments'),
        contentFile,
      })
      expect(
        errors.map((e) => e.field),
        contentFile,
      ).toEqual(['contentFile'])
    }
  })

  it('has committed JSON Schema files equal to the generated ones (npm run interchange:schemas)', () => {
    const folder = path.join(ROOT, JSON_SCHEMA_FOLDER)
    const generated = interchangeJsonSchemaFiles()
    const committed = readdirSync(folder).filter((name) => name.endsWith('.schema.json'))
    expect(committed.sort()).toEqual([...generated.keys()].sort())
    for (const [name, text] of generated) {
      const file = JSON.parse(readFileSync(path.join(folder, name), 'utf8')) as unknown
      expect(file, `${name}: npm run interchange:schemas`).toEqual(JSON.parse(text))
    }
  })

  it('shows the example of every entity in docs/interchange.md', () => {
    const page = readFileSync(path.join(ROOT, 'docs/interchange.md'), 'utf8')
    for (const e of INTERCHANGE_ENTITY_LIST) {
      expect(page, e.file).toContain(`\`${e.file}\``)
      expect(page, e.file).toContain(JSON.stringify(e.example))
    }
  })
})
