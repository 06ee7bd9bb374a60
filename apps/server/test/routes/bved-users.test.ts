/** Decision 063: a property's users from a bved DTM file, taken over as tenant change reports. */
import {
  BvedUserPreviewSchema,
  NotificationsSchema,
  readBvedFile,
  writeBvedFile,
  writeRecord,
  type BvedRecord,
} from '@portal/domain'
import { and, desc, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { addMonths, berlinToday, endOfMonth, startOfMonth } from '../../src/demo/calendar'
import { DEMO_BVED_PROPERTY, demoBvedUserFile } from '../../src/demo/bved-files'
import {
  activities,
  auditLog,
  bvedUserImports,
  connections,
  pointsOfDelivery,
} from '../../src/platform/persistence/schema'
import { multipart } from '../fixtures/files'
import { useTestContext } from '../helper'

const { ctx, as } = useTestContext(['verwalter', 'eigentuemer', 'fremd'])

const today = berlinToday()
let demo: ReturnType<typeof demoBvedUserFile>

beforeAll(() => {
  demo = demoBvedUserFile(today)
})

const url = (connection: string, query = '') =>
  `/api/persistence/connections/${connection}/bved-users${query}`

function send(
  user: string,
  content: Uint8Array,
  options: { connection?: string; dryRun?: boolean; key?: string } = {},
) {
  const form = multipart({}, { fileName: demo.fileName, content: Buffer.from(content) })
  return ctx.app.inject({
    method: 'POST',
    url: url(options.connection ?? DEMO_BVED_PROPERTY, options.dryRun ? '?dryRun=true' : ''),
    headers: {
      ...as[user],
      ...form.headers,
      ...(options.key ? { 'idempotency-key': options.key } : {}),
    },
    payload: form.payload,
  })
}

const reportCount = async (property = DEMO_BVED_PROPERTY) => {
  const [row] = await ctx.database.db
    .select({ count: sql<number>`count(*)::int` })
    .from(activities)
    .where(
      and(
        eq(activities.propertyConnection, property),
        eq(activities.activityType, 'MIETERWECHSEL'),
      ),
    )
  return row!.count
}

/** The demo file's records written again with `change` applied to each (other bytes, same users). */
function rewritten(
  bytes: Uint8Array,
  change: (values: Record<string, string | null>) => Record<string, string | null>,
) {
  return writeBvedFile(
    readBvedFile(bytes).records.map((record) => writeRecord(record.type, change(record.values))),
  )
}

describe('POST bved-users', () => {
  it('previews one tenant change, the move-out it replaces and every known user unchanged', async () => {
    const before = await reportCount()
    for (const user of ['verwalter', 'eigentuemer']) {
      const response = await send(user, demo.bytes, { dryRun: true })
      expect(response.statusCode, response.body).toBe(200)
      const preview = BvedUserPreviewSchema.parse(response.json())
      expect(preview).toMatchObject({
        dryRun: true,
        clean: true,
        created: 0,
        alreadyImported: false,
      })
      const changes = preview.rows.filter((row) => row.kind === 'tenantChange')
      expect(changes).toHaveLength(1)
      expect(changes[0]).toMatchObject({
        unit: { pointOfDelivery: demo.change.pointOfDelivery, reference: demo.change.reference },
        name: 'Brandt, Johanna',
        report: {
          customerType: 'private',
          salutation: 'O',
          NAME1: 'Johanna',
          NAME2: 'Brandt',
          AUSZUG: demo.change.moveOut,
        },
      })
      expect(preview.rows.filter((row) => row.kind === 'moveOut')).toHaveLength(1)
      expect(
        preview.rows.filter((row) => row.kind === 'unchanged').length,
        'every other user as the portal knows him',
      ).toBe(preview.rows.length - 2)
      expect(preview.errors).toEqual([])
    }
    expect(await reportCount()).toBe(before)
  })

  it('reports the new user once, as the form does; the same file again reports nothing', async () => {
    const before = await reportCount()
    const first = await send('verwalter', demo.bytes, { key: 'users-1' })
    expect(first.statusCode, first.body).toBe(201)
    expect(first.json()).toMatchObject({ dryRun: false, created: 1, clean: true })
    expect(await reportCount()).toBe(before + 1)

    const [report] = await ctx.database.db
      .select()
      .from(activities)
      .where(eq(activities.propertyConnection, DEMO_BVED_PROPERTY))
      .orderBy(desc(activities.createdAt))
      .limit(1)
    expect(report).toMatchObject({
      activityType: 'MIETERWECHSEL',
      objectType: 'VSTELLE',
      objectKey: demo.change.pointOfDelivery,
      status: 'EINGEGANGEN',
      createdBy: 'verwalter',
      attachment: null,
    })
    expect(report!.payload).toMatchObject({
      NAME1: 'Johanna',
      NAME2: 'Brandt',
      AUSZUG: demo.change.moveOut,
      information: `Übernommen aus der bved-Nutzerdatei ${demo.fileName}, Zeile ${
        BvedUserPreviewSchema.parse(first.json()).rows.find((row) => row.kind === 'tenantChange')!
          .line
      }.`,
    })
    // the unit's own address: a blank address of the file is the unit's
    const [unit] = await ctx.database.db
      .select({ street: pointsOfDelivery.street })
      .from(pointsOfDelivery)
      .where(eq(pointsOfDelivery.pointOfDelivery, demo.change.pointOfDelivery))
    expect(report!.payload).toMatchObject({ STRASSE: unit!.street })
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ACTIVITY_CREATED'), eq(auditLog.entityKey, report!.id)))
    expect(audit).toMatchObject({ userName: 'verwalter', companyCode: '1000' })
    const notifications = NotificationsSchema.parse(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/persistence/notifications',
          headers: as.verwalter,
        })
      ).json(),
    )
    expect(
      notifications.items.find((item) => item.id === `TENANT_CHANGE-${report!.id}`),
    ).toMatchObject({
      kind: 'TENANT_CHANGE',
      unit: { reference: demo.change.reference },
    })

    const replay = await send('verwalter', demo.bytes, { key: 'users-1' })
    expect(replay.statusCode).toBe(201)
    expect(replay.headers['idempotent-replayed']).toBe('true')
    // the same key with another file is another request
    const otherFile = rewritten(demo.bytes, (values) => ({ ...values, customerNumber: '4712' }))
    expect((await send('verwalter', otherFile, { key: 'users-1' })).statusCode).toBe(422)

    const again = await send('verwalter', demo.bytes, { key: 'users-2' })
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json()).toMatchObject({ alreadyImported: true, created: 0 })
    const byOwner = await send('eigentuemer', demo.bytes, { key: 'users-3' })
    expect(byOwner.json()).toMatchObject({ alreadyImported: true, created: 0 })
    expect(await reportCount()).toBe(before + 1)
    const imports = await ctx.database.db
      .select()
      .from(bvedUserImports)
      .where(eq(bvedUserImports.propertyConnection, DEMO_BVED_PROPERTY))
    expect(imports).toMatchObject([
      { reports: 1, importedBy: 'verwalter', fileName: demo.fileName },
    ])

    // another file with the same new user: his report is open, so it is unchanged
    const preview = BvedUserPreviewSchema.parse(
      (await send('verwalter', otherFile, { dryRun: true })).json(),
    )
    expect(preview.alreadyImported).toBe(false)
    expect(preview.rows.filter((row) => row.kind === 'tenantChange')).toEqual([])
    expect(preview.rows.find((row) => row.name === 'Brandt, Johanna')).toMatchObject({
      kind: 'unchanged',
      note: expect.stringContaining('Bereits gemeldet'),
    })
    const taken = await send('verwalter', otherFile, { key: 'users-4' })
    expect(taken.statusCode).toBe(200)
    expect(taken.json()).toMatchObject({ created: 0, alreadyImported: false })
    expect(await reportCount()).toBe(before + 1)
  })

  it('reports nothing from a file with one bad line, and names the line and the field', async () => {
    const [first] = readBvedFile(demo.bytes).records.filter((record) => record.type === 'M')
    const bad: BvedRecord = writeRecord('M', { ...first!.values, unitNumber: '0999' })
    const file = new Uint8Array([...demo.bytes, ...writeBvedFile([bad])])
    const line = readBvedFile(file).records.length
    const preview = BvedUserPreviewSchema.parse(
      (await send('verwalter', file, { dryRun: true })).json(),
    )
    expect(preview.clean).toBe(false)
    expect(preview.rows.at(-1)).toMatchObject({
      line,
      kind: 'error',
      unit: null,
      errors: [
        {
          line,
          field: { name: 'Wohnungsnummer', key: 'unitNumber', start: 28, end: 31 },
          message: `Zeile ${line}, Feld Wohnungsnummer (Stellen 28–31): Die Liegenschaft hat keine Nutzeinheit mit der Wohnungsnummer 0999.`,
        },
      ],
    })
    const before = await reportCount()
    const response = await send('verwalter', file, { key: 'users-bad' })
    expect(response.statusCode).toBe(422)
    expect(response.json()).toMatchObject({ code: 'BVED_FILE_INVALID' })
    expect(await reportCount()).toBe(before)
    expect(
      await ctx.database.db
        .select()
        .from(bvedUserImports)
        .where(eq(bvedUserImports.importedBy, 'verwalter')),
    ).toHaveLength(2)
  })

  it('lets the owner report from a file of his own property, as the form lets him', async () => {
    const property = '1000000001'
    const [row] = await ctx.database.db
      .select({ number: connections.bvedPropertyNumber })
      .from(connections)
      .where(eq(connections.connection, property))
    const [unit] = await ctx.database.db
      .select({ number: pointsOfDelivery.bvedUnitNumber, pod: pointsOfDelivery.pointOfDelivery })
      .from(pointsOfDelivery)
      .where(eq(pointsOfDelivery.propertyConnection, property))
      .orderBy(pointsOfDelivery.reference)
      .limit(1)
    const header = { argeVersion: '03.05', customerNumber: '4711', propertyNumber: row!.number }
    const moveIn = startOfMonth(today)
    const file = writeBvedFile([
      writeRecord('L', {
        ...header,
        vatPresentation: '3',
        billingPeriodStart: addMonths(moveIn, -11),
        billingPeriodEnd: endOfMonth(today),
        rentLossRiskFlag: '0',
        labourCostFlag: '0',
        currency: 'EUR',
      }),
      writeRecord('M', {
        ...header,
        unitNumber: unit!.number,
        clientReference: 'WE 00001/001',
        addressFlag: '1',
        tenantName1: 'Ole Petersen',
        tenantStreet: 'Hafenstraße 3',
        tenantPostalCode: '20459',
        tenantTown: 'Hamburg',
        occupancyStart: moveIn,
        occupancyEnd: endOfMonth(today),
        vatFlag: '0',
        rentLossRiskFlag: '0',
        vacancyFlag: '0',
        tenantChangeFeeFlag: '0',
      }),
    ])
    const before = await reportCount(property)
    const response = await send('eigentuemer', file, { connection: property, key: 'owner-1' })
    expect(response.statusCode, response.body).toBe(201)
    expect(await reportCount(property)).toBe(before + 1)
    const [report] = await ctx.database.db
      .select()
      .from(activities)
      .where(and(eq(activities.objectKey, unit!.pod), eq(activities.createdBy, 'eigentuemer')))
      .orderBy(desc(activities.createdAt))
      .limit(1)
    expect(report!.payload).toMatchObject({
      NAME1: 'Ole',
      NAME2: 'Petersen',
      STRASSE: 'Hafenstraße',
      HAUSNR: '3',
      PLZ: '20459',
      ORT: 'Hamburg',
    })
  })

  it('answers 404 for another customer’s, a not owned property and a building, before reading', async () => {
    expect((await send('fremd', demo.bytes, { dryRun: true })).statusCode).toBe(404)
    expect(
      (await send('eigentuemer', demo.bytes, { connection: '1000000004', dryRun: true }))
        .statusCode,
    ).toBe(404)
    const [building] = await ctx.database.db
      .select({ connection: connections.connection })
      .from(connections)
      .where(eq(connections.parentConnection, DEMO_BVED_PROPERTY))
      .limit(1)
    expect(building).toBeDefined()
    const response = await send('verwalter', demo.bytes, {
      connection: building!.connection,
      dryRun: true,
    })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ detail: 'Die Liegenschaft wurde nicht gefunden.' })
    const notMultipart = await ctx.app.inject({
      method: 'POST',
      url: url(DEMO_BVED_PROPERTY, '?dryRun=true'),
      headers: as.verwalter,
      payload: { file: 'x' },
    })
    expect(notMultipart.statusCode).toBe(415)
    const large = await send('verwalter', Buffer.alloc(2 * 1024 * 1024 + 1, 0x20), {
      dryRun: true,
    })
    expect(large.statusCode).toBe(413)
  })
})
