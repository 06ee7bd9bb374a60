/**
 * §7 "Connections, contracts, devices": the routes below the property list, and the ATTRIBUTES and
 * MEASUREMENTS answers of the legacy endpoint. Samples come from the seeded database.
 */
import {
  BillingObjectSchema,
  ContractAccountSchema,
  ContractSchema,
  DEVICE_TYPE_CLASSES,
  DeviceSchema,
  LegacyAnswerSchema,
  MeasurementRecordSchema,
  ObjectRelationSchema,
  ObjectRelationsSchema,
  PointOfDeliverySchema,
  ReadingOrderSchema,
  AttributeRecordSchema,
  type LegacyAnswer,
  type MeasurementRecord,
  type ObjectRelation,
  type PointOfDelivery,
  type ReadingOrder,
} from '@portal/domain'
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { PgColumn } from 'drizzle-orm/pg-core'

import type { z } from 'zod'
import {
  billingObjects,
  connections,
  contractAccounts,
  contracts,
  deviceAssignments,
  measurements,
  objectAttributes,
  pointsOfDelivery,
  readingOrders,
} from '../../src/platform/persistence/schema'
import { useTestContext, ownedPropertiesOf, propertyOf1000 } from '../helper'

const { ctx, as } = useTestContext(['verwalter', 'eigentuemer', 'fremd'])

/** A property of company code 1000 that eigentuemer does not own, and one he owns. */
let notOwned: string
let owned: string
/** A unit of the not-owned property with readings, a contract and a billing object. */
let unit: { pointOfDelivery: string; contract: string; contractAccount: string; device: string }
let billingObject: string

beforeAll(async () => {
  const { db } = ctx.database
  const ownedIds = await ownedPropertiesOf(ctx, 'eigentuemer')
  const [other] = await db
    .select({ connection: connections.connection })
    .from(connections)
    .where(propertyOf1000(notInArray(connections.connection, ownedIds)))
    .orderBy(connections.connection)
  const [own] = await db
    .select({ connection: connections.connection })
    .from(connections)
    .where(propertyOf1000(inArray(connections.connection, ownedIds)))
    .orderBy(connections.connection)
  notOwned = other!.connection
  owned = own!.connection

  const [reading] = await db
    .select({ pointOfDelivery: measurements.pointOfDelivery, device: measurements.device })
    .from(measurements)
    .innerJoin(contracts, eq(contracts.pointOfDelivery, measurements.pointOfDelivery))
    .where(eq(measurements.propertyConnection, notOwned))
    .orderBy(measurements.id)
    .limit(1)
  const [contract] = await db
    .select({ key: contracts.key, contractAccount: contracts.contractAccount })
    .from(contracts)
    .where(eq(contracts.pointOfDelivery, reading!.pointOfDelivery))
    .orderBy(contracts.from)
  unit = {
    pointOfDelivery: reading!.pointOfDelivery,
    contract: contract!.key,
    contractAccount: contract!.contractAccount,
    device: reading!.device,
  }
  const [billing] = await db
    .select({ key: billingObjects.key })
    .from(billingObjects)
    .where(eq(billingObjects.pointOfDelivery, unit.pointOfDelivery))
  billingObject = billing!.key
})

const get = (user: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: as[user] })

/** Answers the parsed body after checking that it has exactly the fields of the schema. */
async function expectShape<S extends z.ZodObject>(
  schema: S,
  response: Awaited<ReturnType<typeof get>>,
): Promise<z.output<S>> {
  expect(response.statusCode, response.body).toBe(200)
  const body = response.json<Record<string, unknown>>()
  expect(Object.keys(body).sort()).toEqual(Object.keys(schema.shape).sort())
  return schema.parse(body)
}

/** The stored row whose `column` is `key`, with only `fields`: what a read must answer. */
async function storedFields(column: PgColumn, key: string, fields: readonly string[]) {
  const [stored] = await ctx.database.db.select().from(column.table).where(eq(column, key))
  const row = stored as Record<string, unknown>
  return Object.fromEntries(fields.map((field) => [field, row[field]]))
}

/** Verwalter sees the sample; fremd (company code 2000) and eigentuemer (not his) get 404. */
async function expectHiddenFromOthers(url: string) {
  for (const user of ['fremd', 'eigentuemer']) {
    const response = await get(user, url)
    expect(response.statusCode, `${url} as ${user}`).toBe(404)
    expect(response.json()).toEqual({
      detail: expect.stringMatching(/nicht gefunden/),
      code: 'NOT_FOUND',
    })
  }
}

describe('GET points-of-delivery/{id}', () => {
  it('answers the unit to verwalter, 404 to fremd and to eigentuemer for a unit not his', async () => {
    const url = `/api/persistence/points-of-delivery/${unit.pointOfDelivery}`
    const body = await expectShape(PointOfDeliverySchema, await get('verwalter', url))
    expect(body).toEqual(
      await storedFields(pointsOfDelivery.pointOfDelivery, unit.pointOfDelivery, [
        'pointOfDelivery',
        'connection',
        'reference',
        'street',
        'houseNumber',
        'houseNumberSuffix',
        'position',
        'locationAddendum',
        'bvedUnitNumber',
        'erpReference',
      ]),
    )
    await expectHiddenFromOthers(url)
    expect(
      (await get('verwalter', '/api/persistence/points-of-delivery/V-gibt-es-nicht')).statusCode,
    ).toBe(404)
  })

  it('answers eigentuemer the units of his own property', async () => {
    const [own] = await ctx.database.db
      .select({ id: pointsOfDelivery.pointOfDelivery })
      .from(pointsOfDelivery)
      .where(eq(pointsOfDelivery.propertyConnection, owned))
    const response = await get('eigentuemer', `/api/persistence/points-of-delivery/${own!.id}`)
    expect((await expectShape(PointOfDeliverySchema, response)).pointOfDelivery).toBe(own!.id)
  })
})

describe('GET contracts/{key} and contract-accounts/{contractAccount}', () => {
  it('answers the contract with tariffs and features, then its account', async () => {
    const url = `/api/persistence/contracts/${unit.contract}`
    const contract = await expectShape(ContractSchema, await get('verwalter', url))
    expect(contract.key).toBe(unit.contract)
    expect(contract.pointOfDelivery).toBe(unit.pointOfDelivery)
    expect(contract.contractAccount).toBe(unit.contractAccount)
    expect(contract.contractFeature.map((f) => f.contractAttribute)).toContain('EXT_RG')
    for (const feature of contract.contractFeature) {
      expect(Object.keys(feature).sort()).toEqual(['contractAttribute', 'from', 'until', 'value'])
    }
    for (const tariff of contract.contractTariff) {
      expect(Object.keys(tariff).sort()).toEqual([
        'billingVoucher',
        'from',
        'tariffComponent',
        'until',
      ])
    }
    await expectHiddenFromOthers(url)

    const accountUrl = `/api/persistence/contract-accounts/${contract.contractAccount}`
    const account = await expectShape(ContractAccountSchema, await get('verwalter', accountUrl))
    expect(account).toEqual(
      await storedFields(contractAccounts.contractAccount, contract.contractAccount, [
        'contractAccount',
        'reference',
        'contractAccountType',
        'businessPartner',
      ]),
    )

    expect(['VKW', 'VKG', 'VKT']).toContain(account.contractAccountType)
    await expectHiddenFromOthers(accountUrl)
  })

  it('has tariffs on some contract of the property', async () => {
    const keys = await ctx.database.db
      .select({ key: contracts.key })
      .from(contracts)
      .where(eq(contracts.propertyConnection, notOwned))
    const tariffs: number[] = []
    for (const { key } of keys.slice(0, 20)) {
      const contract = await expectShape(
        ContractSchema,
        await get('verwalter', `/api/persistence/contracts/${key}`),
      )
      tariffs.push(contract.contractTariff.length)
    }
    expect(Math.max(...tariffs)).toBeGreaterThan(0)
  })
})

describe('object relations', () => {
  it('answers the contacts of a connection', async () => {
    const url = `/api/persistence/connection-object-relations/${notOwned}`
    const { items } = await expectShape(ObjectRelationsSchema, await get('verwalter', url))
    expect(items.length).toBeGreaterThanOrEqual(3)
    for (const relation of items) {
      expect(Object.keys(relation).sort()).toEqual(Object.keys(ObjectRelationSchema.shape).sort())
      expect(relation).toMatchObject({ sourceType: 'ANSCHLUSS', sourceKey: notOwned })
    }
    const roles = items.map((r: ObjectRelation) => r.role)
    expect(roles).toEqual(expect.arrayContaining(['EIGENTUEMER', 'VERWALTER', 'HAUSMEISTER']))
    expect(items.every((r) => r.targetType === 'PARTNER')).toBe(true)
    await expectHiddenFromOthers(url)
  })

  it('answers the contracts and the billing object of a point of delivery', async () => {
    const url = `/api/persistence/point-of-delivery-object-relations/${unit.pointOfDelivery}`
    const { items } = await expectShape(ObjectRelationsSchema, await get('verwalter', url))
    expect(
      items.every((r) => r.sourceType === 'VSTELLE' && r.sourceKey === unit.pointOfDelivery),
    ).toBe(true)
    expect(items).toContainEqual(
      expect.objectContaining({ targetType: 'VERTRAG', targetKey: unit.contract }),
    )
    expect(items).toContainEqual(
      expect.objectContaining({ targetType: 'ABRECHNUNGSOBJEKT', targetKey: billingObject }),
    )
    await expectHiddenFromOthers(url)
  })
})

describe('GET devices/{key} and billing-objects/{key}', () => {
  it('answers the device with counter positions and its assignment to the billing object', async () => {
    const url = `/api/persistence/devices/${unit.device}`
    const device = await expectShape(DeviceSchema, await get('verwalter', url))
    expect(device.key).toBe(unit.device)
    expect(Object.keys(DEVICE_TYPE_CLASSES)).toContain(device.typeClass)
    expect(device.deviceTimeSlice.length).toBeGreaterThan(0)
    expect(device.deviceTimeSlice[0]).toEqual({
      from: expect.any(String),
      until: device.deviceTimeSlice[0]!.until,
      counterPosition: expect.any(String),
    })
    expect(device.deviceAssignment).toContainEqual(
      expect.objectContaining({ billingObject, mainMeter: expect.any(Boolean) }),
    )
    await expectHiddenFromOthers(url)
  })

  it('answers the billing object with its devices', async () => {
    const url = `/api/persistence/billing-objects/${billingObject}`
    const body = await expectShape(BillingObjectSchema, await get('verwalter', url))
    expect(body.pointOfDelivery).toBe(unit.pointOfDelivery)
    const stored = await ctx.database.db
      .select({ device: deviceAssignments.device })
      .from(deviceAssignments)
      .where(eq(deviceAssignments.billingObject, billingObject))
    expect(body.deviceAssignment.map((a) => a.device).sort()).toEqual(
      stored.map((a) => a.device).sort(),
    )
    expect(body.deviceAssignment.map((a) => a.device)).toContain(unit.device)
    for (const assignment of body.deviceAssignment) {
      expect(Object.keys(assignment).sort()).toEqual(['device', 'from', 'mainMeter', 'until'])
    }
    await expectHiddenFromOthers(url)
  })
})

const searchAs = async <T>(user: string, path: string, body: object) => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/persistence/${path}?limit=9999`,
    headers: as[user],
    payload: body,
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<{ items: T[]; next: string | null }>()
}

describe('points-of-delivery-search', () => {
  it("answers with filter connection only that connection's units, sorted by street and number", async () => {
    const [{ connection } = { connection: '' }] = await ctx.database.db
      .select({ connection: pointsOfDelivery.connection })
      .from(pointsOfDelivery)
      .where(eq(pointsOfDelivery.pointOfDelivery, unit.pointOfDelivery))
    const filter = { filters: [{ property: 'connection', type: 'eq', value: connection }] }
    const { items, next } = await searchAs<PointOfDelivery>(
      'verwalter',
      'points-of-delivery-search',
      filter,
    )
    const stored = await ctx.database.db
      .select({ id: pointsOfDelivery.pointOfDelivery })
      .from(pointsOfDelivery)
      .where(eq(pointsOfDelivery.connection, connection))
    expect(next).toBeNull()
    expect(items.length).toBeGreaterThan(0)
    expect(items.map((p) => p.pointOfDelivery).sort()).toEqual(stored.map((p) => p.id).sort())
    for (const item of items) {
      expect(item.connection).toBe(connection)
      expect(Object.keys(item).sort()).toEqual(Object.keys(PointOfDeliverySchema.shape).sort())
    }
    const streets = items.map((p) => p.street)
    expect(streets).toEqual([...streets].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))

    expect((await searchAs('fremd', 'points-of-delivery-search', filter)).items).toEqual([])
    expect((await searchAs('eigentuemer', 'points-of-delivery-search', filter)).items).toEqual([])
  })

  it('refuses a property that is not searchable', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/persistence/points-of-delivery-search',
      headers: as.verwalter,
      payload: { filters: [{ property: 'propertyConnection', type: 'eq', value: notOwned }] },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json<{ detail: string }>().detail).toContain("'propertyConnection'")
  })
})

describe('reading-orders-search', () => {
  it('answers with filter pointOfDelivery the orders of that unit, newest first', async () => {
    const filter = {
      filters: [{ property: 'pointOfDelivery', type: 'eq', value: unit.pointOfDelivery }],
    }
    const { items } = await searchAs<ReadingOrder>('verwalter', 'reading-orders-search', filter)
    const stored = await ctx.database.db
      .select()
      .from(readingOrders)
      .where(eq(readingOrders.pointOfDelivery, unit.pointOfDelivery))
      .orderBy(asc(readingOrders.id))
    expect(items.length).toBe(stored.length)
    expect(items.length).toBeGreaterThan(0)
    for (const item of items) {
      expect(ReadingOrderSchema.parse(item)).toEqual(item)
      expect(item.pointOfDelivery).toBe(unit.pointOfDelivery)
      expect(item.readingOrderReadingReason).toEqual([{ readingReason: expect.any(String) }])
    }
    const dates = items.map((o) => o.readingDate)
    expect(dates).toEqual([...dates].sort().reverse())
    expect(items.map((o) => o.readingOrderReadingReason[0]!.readingReason)).toContain('AB')

    expect((await searchAs('fremd', 'reading-orders-search', filter)).items).toEqual([])
    expect((await searchAs('eigentuemer', 'reading-orders-search', filter)).items).toEqual([])
  })

  it('filters by reading reason and date', async () => {
    const { items } = await searchAs<ReadingOrder>('verwalter', 'reading-orders-search', {
      filters: [
        { property: 'readingReason', type: 'eq', value: 'NW' },
        { property: 'readingDate', type: 'ge', value: '2000-01-01' },
      ],
    })
    expect(items.length).toBeGreaterThan(0)
    expect(items.every((o) => o.readingOrderReadingReason[0]!.readingReason === 'NW')).toBe(true)
  })
})

const legacy = (json: object) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/legacy',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ json: JSON.stringify(json) }).toString(),
  })
const tokenOf = (user: string) => as[user]!.authorization.replace(/^Bearer /, '')

async function legacyAnswer(json: object): Promise<LegacyAnswer> {
  const response = await legacy(json)
  expect(response.statusCode, response.body).toBe(200)
  const body = response.json<LegacyAnswer>()
  expect(Object.keys(body).sort()).toEqual(['data', 'message', 'success', 'token'])
  return LegacyAnswerSchema.parse(body)
}

describe('POST /api/legacy', () => {
  it('ATTRIBUTES answers the coded master data of a connection and a unit, with a fresh token', async () => {
    for (const [obj, key] of [
      ['ANSCHLUSS', notOwned],
      ['VSTELLE', unit.pointOfDelivery],
    ] as const) {
      const answer = await legacyAnswer({
        action: 'trans',
        code: 'ATTRIBUTES',
        obj,
        key,
        token: tokenOf('verwalter'),
      })
      expect(answer.success, answer.message).toBe(true)
      const stored = await ctx.database.db
        .select({ ATTRIBUT: objectAttributes.name, WERT: objectAttributes.value })
        .from(objectAttributes)
        .where(and(eq(objectAttributes.objectType, obj), eq(objectAttributes.objectKey, key)))
        .orderBy(objectAttributes.id)
      expect(stored.length).toBeGreaterThan(0)
      expect(answer.data).toEqual(stored)
      for (const record of answer.data as unknown[]) AttributeRecordSchema.strict().parse(record)
      expect(answer.token).toEqual(expect.any(String))
      const bearer = await ctx.app.inject({
        method: 'GET',
        url: `/api/persistence/connections/${notOwned}`,
        headers: { authorization: `Bearer ${answer.token}` },
      })
      expect(bearer.statusCode).toBe(200)
    }
    const property = await legacyAnswer({
      code: 'ATTRIBUTES',
      obj: 'ANSCHLUSS',
      key: notOwned,
      token: tokenOf('verwalter'),
    })
    expect((property.data as { ATTRIBUT: string }[]).map((a) => a.ATTRIBUT)).toEqual(
      expect.arrayContaining(['PR', 'HF', 'WF', 'GNA', 'NE', 'BJ']),
    )
  })

  it('MEASUREMENTS answers the readings of a unit with their device, newest first', async () => {
    const answer = await legacyAnswer({
      action: 'trans',
      code: 'MEASUREMENTS',
      obj: 'VSTELLE',
      key: unit.pointOfDelivery,
      token: tokenOf('verwalter'),
    })
    expect(answer.success, answer.message).toBe(true)
    expect(answer.token).toEqual(expect.any(String))
    const records = answer.data as MeasurementRecord[]
    const stored = await ctx.database.db
      .select()
      .from(measurements)
      .where(eq(measurements.pointOfDelivery, unit.pointOfDelivery))
    expect(records.length).toBe(stored.length)
    expect(records.length).toBeGreaterThan(0)
    const typeTexts: string[] = Object.values(DEVICE_TYPE_CLASSES)
    for (const record of records) {
      expect(MeasurementRecordSchema.strict().parse(record)).toEqual(record)
      expect(typeTexts).toContain(record.TYPKL_TXT)
      expect(record.ZHLPOS_TXT).toMatch(/^Zählwerk \d+$/)
      expect(record.ADAT).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      expect(record.ASTAND).toMatch(/^-?\d+(\.\d+)?$/)
      if (record.DIFFREAD !== null) expect(record.DIFFREAD).toMatch(/^-?\d+(\.\d+)?$/)
      expect(record.MASSREAD_TXT).not.toBe('')
    }
    const dates = records.map((r) => r.ADAT)
    expect(dates).toEqual([...dates].sort().reverse())
    const first = stored.find(
      (m) => m.readingDate === records[0]!.ADAT && m.reading === records[0]!.ASTAND,
    )
    expect(first).toBeDefined()
    expect(first!.readingReason).toBe(records[0]!.ABLESEGRUND)
  })

  it('answers success false with the fresh token for an object the user may not see or an unknown code', async () => {
    for (const json of [
      { code: 'ATTRIBUTES', obj: 'ANSCHLUSS', key: notOwned, token: tokenOf('eigentuemer') },
      {
        code: 'MEASUREMENTS',
        obj: 'VSTELLE',
        key: unit.pointOfDelivery,
        token: tokenOf('eigentuemer'),
      },
      { code: 'ATTRIBUTES', obj: 'VERTRAG', key: unit.contract, token: tokenOf('verwalter') },
      { code: 'ATTRIBUTES', obj: 'ANSCHLUSS', token: tokenOf('verwalter') },
    ]) {
      const answer = await legacyAnswer(json)
      expect(answer).toEqual({
        success: false,
        data: null,
        message: expect.stringMatching(/nicht gefunden/),
        token: expect.any(String),
      })
    }
    const unknown = await legacyAnswer({ code: 'GIBTESNICHT', token: tokenOf('verwalter') })
    expect(unknown).toEqual({
      success: false,
      data: null,
      message: expect.stringMatching(/unbekannt/),
      token: expect.any(String),
    })
  })

  it('answers 400 with a German detail for malformed form data or JSON, 415 for another type', async () => {
    const post = (payload: string, type = 'application/x-www-form-urlencoded') =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/legacy',
        headers: { 'content-type': type },
        payload,
      })
    for (const [payload, field] of [
      ['json=%7Bkaputt', 'json'],
      ['json=', 'json'],
      ['anderes=1', 'json'],
      ['', 'json'],
      [`json=${encodeURIComponent(JSON.stringify({ token: tokenOf('verwalter') }))}`, 'json.code'],
      [`json=${encodeURIComponent('[1,2]')}`, 'json'],
    ] as const) {
      const response = await post(payload)
      expect(response.statusCode, payload).toBe(400)
      const answer = response.json<{ detail: string; field?: string }>()
      // the German message alone; where it applies is in `field`
      expect(answer.detail, payload).not.toMatch(/^Die Anfrage ist ungültig:|json\./)
      expect(answer.field, payload).toBe(field)
    }
    const asJson = await post(JSON.stringify({ json: '{}' }), 'application/json')
    expect(asJson.statusCode).toBe(415)
    expect(asJson.json<{ detail: string }>().detail).toMatch(/Formular/)
  })
})
