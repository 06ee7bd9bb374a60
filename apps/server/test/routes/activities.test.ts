/** §3, §7: the tenant change as an activity (multipart, 201), its validation and visibility. */
import {
  ActivityCreatedSchema,
  TENANT_CHANGE_SUCCESS_MESSAGE,
  VALIDATION_MESSAGES,
} from '@portal/domain'
import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  activities,
  attachments,
  auditLog,
  pointsOfDelivery,
} from '../../src/platform/persistence/schema'
import { multipart, SAMPLE_FILES, type MultipartFile } from '../fixtures/files'
import { useTestContext, useOwnedAndNotOwned } from '../helper'
import { COMPANY_TENANT, tenantChangeForm } from '../tenant-change'

const { ctx, as } = useTestContext(['verwalter', 'eigentuemer', 'fremd'])
/** A unit eigentuemer owns, and one of company 1000 eigentuemer does not own. */
const units = useOwnedAndNotOwned(ctx, 'eigentuemer', pointsOfDelivery.pointOfDelivery)
const de = VALIDATION_MESSAGES.de

const VALID = COMPANY_TENANT

function submit(
  payload: unknown,
  options: { user?: string; objectKey?: string; file?: MultipartFile } = {},
) {
  const body = tenantChangeForm(options.objectKey ?? units.owned, payload, options.file)
  return ctx.app.inject({
    method: 'POST',
    url: '/api/persistence/activities',
    headers: { ...as[options.user ?? 'eigentuemer'], ...body.headers },
    payload: body.payload,
  })
}

const activityCount = async () =>
  (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(activities))[0]!.n

describe('tenant change', () => {
  it('stores a company tenant change (201) with the confirmation and an audit entry', async () => {
    const response = await submit(VALID)
    expect(response.statusCode, response.body).toBe(201)
    const created = ActivityCreatedSchema.parse(response.json())
    expect(created).toMatchObject({
      activityType: 'MIETERWECHSEL',
      objectType: 'VSTELLE',
      objectKey: units.owned,
      status: 'EINGEGANGEN',
      successMessage: TENANT_CHANGE_SUCCESS_MESSAGE,
    })
    const [row] = await ctx.database.db
      .select()
      .from(activities)
      .where(eq(activities.id, created.id))
    expect(row).toMatchObject({ createdBy: 'eigentuemer', payload: VALID })
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ACTIVITY_CREATED'), eq(auditLog.entityKey, created.id)))
    expect(audit?.userName).toBe('eigentuemer')
  })

  it('stores a private tenant change with an attachment', async () => {
    const response = await submit(
      {
        ...VALID,
        customerType: 'private',
        salutation: 'FR',
        title: 'DR',
        NAME1: 'Jana',
        NAME2: 'Öztürk',
      },
      { file: { fileName: 'Kündigung.pdf', content: SAMPLE_FILES.pdf } },
    )
    expect(response.statusCode, response.body).toBe(201)
    const id = response.json<{ id: string }>().id
    const [row] = await ctx.database.db.select().from(activities).where(eq(activities.id, id))
    expect(row!.attachment).not.toBeNull()
    const [file] = await ctx.database.db
      .select()
      .from(attachments)
      .where(eq(attachments.attachment, row!.attachment!))
    expect(file).toMatchObject({
      objectType: 'MIETERWECHSEL',
      objectKey: units.owned,
      fileName: 'Kündigung.pdf',
      uploadedBy: 'eigentuemer',
    })
  })

  it.each([
    ['NAME1', { NAME1: '' }, de.required()],
    ['NAME2', { NAME2: 'x'.repeat(41) }, de.maxLength(40)],
    ['PLZ', { PLZ: '1234a' }, de.numbersOnly()],
    ['PLZ', { PLZ: '1234' }, de.exactLength(5)],
    ['EMAIL', { EMAIL: 'keine-adresse' }, de.email()],
    ['TEL', { TEL: '030 abc' }, de.numbersOnly()],
    ['POSTFACH', { POSTFACH: '12-34' }, de.numbersOnly()],
    ['AUSZUG', { AUSZUG: '' }, de.required()],
    ['salutation', { salutation: 'XX' }, de.required()],
  ])('answers 400 with the German message for %s', async (field, change, message) => {
    const before = await activityCount()
    const response = await submit({ ...VALID, ...change })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ detail: message, field: `activity.payload.${field}` })
    expect(await activityCount()).toBe(before)
  })

  it('refuses unknown fields, a malformed activity and a wrong file type', async () => {
    expect((await submit({ ...VALID, extra: 1 })).statusCode).toBe(400)
    const broken = multipart({ activity: '{kein json' })
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/persistence/activities',
      headers: { ...as.eigentuemer, ...broken.headers },
      payload: broken.payload,
    })
    expect(response.statusCode).toBe(400)
    const exe = await submit(VALID, { file: { fileName: 'a.pdf', content: SAMPLE_FILES.exe } })
    expect(exe.statusCode).toBe(415)
  })

  it('answers 404 for a point of delivery the user does not see', async () => {
    const before = await activityCount()
    expect((await submit(VALID, { objectKey: units.notOwned })).statusCode).toBe(404)
    expect((await submit(VALID, { user: 'fremd' })).statusCode).toBe(404)
    expect(await activityCount()).toBe(before)
    // verwalter of the company sees the unit
    expect((await submit(VALID, { user: 'verwalter', objectKey: units.notOwned })).statusCode).toBe(
      201,
    )
  })
})
